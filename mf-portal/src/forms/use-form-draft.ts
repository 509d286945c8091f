import { useCallback, useEffect, useRef, useState } from 'react';
import { isNetworkError } from '@cadence/shared-auth';
import type { AnswerValues, Questionnaire } from '@cadence/shared-auth/forms';
import { saveDraft } from './forms-api.ts';
import { answersFrom, fieldsFrom, savableAnswers, type FieldMap, type FieldValues } from './form-values.ts';

// A form's answers never lose a word (issue 31, the notes editor's guarantees, sessions/notes/
// use-note-draft.ts in mf-dashboard): every change is kept on this device at once, keyed by the
// request, and sent to the server once typing pauses and when the page is hidden or left; offline
// or failing, the device keeps it and sends it later; another window's newer save is shown and
// chosen between, never overwritten unseen. The device's copy goes once the server has it.

export const SAVE_DELAY_MS = 1000;
const LOCAL_WRITE_MS = 150;
const RETRY_MS = 10_000;
const PREFIX = 'cadence.form-draft.';

export type FormSaveState = 'saved' | 'saving' | 'offline' | 'failed';

interface LocalDraft {
  fields: FieldValues;
  /** The server draft revision these fields were typed on. */
  baseRevision: number;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readLocalFormDraft(requestId: string): LocalDraft | null {
  try {
    const draft = JSON.parse(storage()?.getItem(PREFIX + requestId) ?? 'null') as LocalDraft | null;
    return draft && typeof draft === 'object' && draft.fields && typeof draft.baseRevision === 'number' ? draft : null;
  } catch {
    return null;
  }
}

function writeLocal(requestId: string, draft: LocalDraft): void {
  try {
    storage()?.setItem(PREFIX + requestId, JSON.stringify(draft));
  } catch {
    // storage full or blocked: the server save still runs
  }
}

export const clearLocalFormDraft = (requestId: string): void => storage()?.removeItem(PREFIX + requestId);

const sameFields = (a: FieldValues, b: FieldValues) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a[k] ?? '') === (b[k] ?? ''));
};

export interface DraftConflict {
  /** The other window's (or device's) saved answers. */
  theirs: FieldValues;
  theirRevision: number;
}

interface Options {
  requestId: string;
  questionnaire: Questionnaire;
  map: FieldMap;
  server: { draft: AnswerValues; revision: number };
  /** After each save the server took (the home's progress reads the server's draft). */
  onSaved?: () => void;
}

export function useFormDraft({ requestId, questionnaire, map, server, onSaved }: Options) {
  const serverFields = fieldsFrom(map, server.draft);
  const [start] = useState(() => {
    const local = readLocalFormDraft(requestId);
    if (!local || sameFields(local.fields, serverFields)) return { fields: serverFields, dirty: false, conflict: null };
    // Typed here on what the server still has: this device's words are the newer.
    if (local.baseRevision === server.revision) return { fields: local.fields, dirty: true, conflict: null };
    return { fields: local.fields, dirty: true, conflict: { theirs: serverFields, theirRevision: server.revision } satisfies DraftConflict };
  });
  const [state, setState] = useState<FormSaveState>(start.dirty ? 'saving' : 'saved');
  const [conflict, setConflict] = useState<DraftConflict | null>(start.conflict);
  const latest = useRef({ fields: start.fields, base: start.conflict ? -1 : server.revision, dirty: start.dirty, saving: false, closed: false });
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const localTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The save a timer runs: the newest one (a save schedules the next through this, not itself).
  const saveLater = useRef<() => Promise<void>>(async () => undefined);

  const keepLocally = useCallback(() => {
    if (localTimer.current) clearTimeout(localTimer.current);
    localTimer.current = null;
    const { fields, base, dirty } = latest.current;
    if (dirty) writeLocal(requestId, { fields, baseRevision: Math.max(base, 0) });
  }, [requestId]);

  const save = useCallback(async (): Promise<void> => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = null;
    const current = latest.current;
    // While a conflict is open (base -1) nothing is sent: the client chooses first.
    if (!current.dirty || current.saving || current.closed || current.base < 0) return;
    current.saving = true;
    setState('saving');
    const fields = current.fields;
    try {
      const answers = answersFrom(map, fields);
      const savable = savableAnswers(questionnaire, answers);
      const result = await saveDraft(requestId, savable, current.base);
      if (result.kind === 'stale') {
        current.base = -1;
        setConflict({ theirs: fieldsFrom(map, result.draft), theirRevision: result.revision });
        setState('failed');
        return;
      }
      current.base = result.revision;
      onSaved?.();
      if (current.fields === fields) {
        current.dirty = false;
        // An answer not yet of its kind (a half-typed date) is not on the server: the device keeps it.
        if (Object.keys(savable).length === Object.keys(answers).length) clearLocalFormDraft(requestId);
        else writeLocal(requestId, { fields, baseRevision: result.revision });
        setState('saved');
      } else {
        keepLocally();
        saveTimer.current = setTimeout(() => void saveLater.current(), SAVE_DELAY_MS);
      }
    } catch (e) {
      setState(isNetworkError(e) ? 'offline' : 'failed');
      keepLocally();
      saveTimer.current = setTimeout(() => void saveLater.current(), RETRY_MS);
    } finally {
      current.saving = false;
    }
  }, [requestId, questionnaire, map, keepLocally, onSaved]);
  useEffect(() => {
    saveLater.current = save;
  }, [save]);

  /** Every change of the inputs. */
  const changed = useCallback((fields: FieldValues) => {
    if (sameFields(fields, latest.current.fields)) return;
    latest.current.fields = fields;
    latest.current.dirty = true;
    setState('saving');
    if (!localTimer.current) localTimer.current = setTimeout(keepLocally, LOCAL_WRITE_MS);
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
  }, [keepLocally, save]);

  /** The conflict settled: keep this window's answers (saved over theirs) or take theirs. */
  const resolve = useCallback((keep: 'mine' | 'theirs'): FieldValues | null => {
    if (!conflict) return null;
    latest.current.base = conflict.theirRevision;
    setConflict(null);
    if (keep === 'theirs') {
      latest.current.fields = conflict.theirs;
      latest.current.dirty = false;
      clearLocalFormDraft(requestId);
      setState('saved');
      return conflict.theirs;
    }
    latest.current.dirty = true;
    void save();
    return null;
  }, [conflict, requestId, save]);

  /** After a submit: nothing more is saved and the device's copy goes. */
  const close = useCallback(() => {
    latest.current.closed = true;
    if (saveTimer.current) clearTimeout(saveTimer.current);
    if (localTimer.current) clearTimeout(localTimer.current);
    clearLocalFormDraft(requestId);
  }, [requestId]);

  // Leaving: the page hidden or closed, or the client going elsewhere in the portal.
  useEffect(() => {
    const flush = () => {
      if (latest.current.closed) return;
      keepLocally();
      void save();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    if (start.dirty && !start.conflict) void save();
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [keepLocally, save, start]);

  return { initialFields: start.fields, state, conflict, changed, resolve, close, flush: save };
}
