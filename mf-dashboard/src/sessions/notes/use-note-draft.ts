import { useCallback, useEffect, useRef, useState } from 'react';
import { isNetworkError } from '@cadence/shared-auth';
import { updateAppointment } from '../../schedule/api/update-appointment.ts';
import { clearLocalDraft, draftStart, readLocalDraft, sameFields, writeLocalDraft } from './local-drafts.ts';
import { NoteConflict, createNote, saveNote } from './api/save-note.ts';
import type { NoteDraftFields, ProgressNoteDocument } from './progress-note.ts';

/** How long typing must pause before the draft goes to the server (issue #15: within 2 s). */
export const SAVE_DELAY_MS = 1000;
export const LEAVE_QUESTION = 'This note has changes that are not saved to Cadence yet. They are kept on this device and sent when you open the note again. Leave anyway?';

/** How soon a change reaches this device's copy (and at once when the tab is hidden or closed). */
export const LOCAL_WRITE_MS = 150;

/** How often an offline or failed draft is tried again. */
const RETRY_MS = 10_000;

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'offline' | 'signed-out' | 'failed';

export const SAVE_STATE_TEXT: Record<SaveState, string> = {
  saved: 'Saved',
  unsaved: 'Saving…',
  saving: 'Saving…',
  offline: 'Offline — saved on this device',
  'signed-out': 'Signed out — saved on this device; sign in again to save it',
  failed: 'Not saved yet — kept on this device',
};

/** What the server holds that differs from this device's text: shown, and the therapist chooses. */
export interface DraftConflict {
  theirs: NoteDraftFields;
  theirRevision: number;
  noteId: string;
  /** This device's text when it differs from what is on screen (a draft restored at opening); null: what is on screen. */
  mine: NoteDraftFields | null;
}

interface Options {
  userId: string;
  appointmentId: string;
  clientId: string;
  noteState: 'none' | 'draft' | 'signed';
  /** The stored note (null: none yet). */
  server: ProgressNoteDocument | null;
  /** A new note's fields (the practice's template, the client's diagnosis codes). */
  fresh: NoteDraftFields;
}

const fieldsOf = (note: ProgressNoteDocument): NoteDraftFields => ({
  template: note.template, content: note.content, riskLevel: note.riskLevel, riskDetails: note.riskDetails, interventions: note.interventions,
  goalsProgress: note.goalsProgress, diagnosisCodes: note.diagnosisCodes,
});

/**
 * A note's draft that never loses a word: each change goes to this device at once and to the server
 * once typing pauses; offline, signed out or failing, the device keeps it and it is sent when it
 * can be; another tab's newer save is shown as a conflict, never overwritten silently.
 */
export function useNoteDraft({ userId, appointmentId, clientId, noteState, server, fresh }: Options) {
  const [start] = useState(() => draftStart(readLocalDraft(appointmentId), server ? { revision: server.revision, fields: fieldsOf(server) } : null));
  const [fields, setFields] = useState<NoteDraftFields>(() => (start.kind === 'local' ? start.draft.fields : server ? fieldsOf(server) : fresh));
  const [state, setState] = useState<SaveState>(start.kind === 'local' ? 'unsaved' : 'saved');
  const [conflict, setConflict] = useState<DraftConflict | null>(() =>
    start.kind === 'conflict' && server ? { theirs: fieldsOf(server), theirRevision: server.revision, noteId: server.$id, mine: start.draft.fields } : null,
  );
  const [noteId, setNoteId] = useState<string | null>(server?.$id ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  // The latest text and what the server has, for saves that run after renders.
  const latest = useRef({ fields, base: server?.revision ?? 0, noteId: server?.$id ?? null, noteState, saving: false, dirty: start.kind === 'local' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const localTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // This device's copy: written LOCAL_WRITE_MS after a change at most (a 5,000-word note is ~30 KB of
  // JSON: serialising and storing it on every keystroke cost a frame), and at once when the tab is
  // hidden, closed or the draft is sent.
  const keepLocally = useCallback(() => {
    if (localTimer.current) {
      clearTimeout(localTimer.current);
      localTimer.current = null;
    }
    if (latest.current.dirty) writeLocalDraft(appointmentId, { fields: latest.current.fields, baseRevision: latest.current.base, editedAt: Date.now() });
  }, [appointmentId]);

  const save = useCallback(async () => {
    const now = latest.current;
    if (now.saving || !now.dirty) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setState('offline');
      return;
    }
    now.saving = true;
    setState('saving');
    keepLocally();
    const sent = now.fields;
    try {
      const saved = now.noteId ? await saveNote(now.noteId, now.base, sent) : await createNote(userId, { appointmentId, clientId }, sent);
      now.noteId = saved.$id;
      now.base = saved.revision;
      setNoteId(saved.$id);
      if (now.noteState === 'none') {
        now.noteState = 'draft';
        void updateAppointment(appointmentId, { noteState: 'draft' }).catch(() => {
          now.noteState = 'none';
        });
      }
      if (sameFields(now.fields, sent)) {
        now.dirty = false;
        clearLocalDraft(appointmentId);
        setState('saved');
      } else {
        writeLocalDraft(appointmentId, { fields: now.fields, baseRevision: now.base, editedAt: Date.now() });
        setState('unsaved');
      }
      setFailure(null);
    } catch (error) {
      if (error instanceof NoteConflict) {
        setConflict({ theirs: fieldsOf(error.current), theirRevision: error.current.revision, noteId: error.current.$id, mine: null });
        setState('failed');
      } else if (isNetworkError(error)) {
        setState('offline');
      } else if ((error as { code?: number }).code === 401) {
        setState('signed-out');
      } else if ((error as { code?: number }).code === 409 && !now.noteId) {
        // Another tab created this appointment's note first: load it and show the difference.
        setState('failed');
        setFailure('This note was started in another tab. Reload to see it; your text is kept on this device.');
      } else {
        setState('failed');
        setFailure(error instanceof Error ? error.message : 'The note could not be saved.');
      }
    } finally {
      now.saving = false;
    }
  }, [appointmentId, clientId, keepLocally, userId]);

  const schedule = useCallback(
    (delay: number) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void save();
      }, delay);
    },
    [save],
  );

  /** A change to the draft: the fields that change, or a function of the current fields giving them. */
  const edit = useCallback(
    (change: Partial<NoteDraftFields> | ((current: NoteDraftFields) => Partial<NoteDraftFields>)) => {
      const next = { ...latest.current.fields, ...(typeof change === 'function' ? change(latest.current.fields) : change) };
      latest.current.fields = next;
      latest.current.dirty = true;
      setFields(next);
      localTimer.current ??= setTimeout(keepLocally, LOCAL_WRITE_MS);
      setState((current) => (current === 'offline' || current === 'signed-out' ? current : 'unsaved'));
      schedule(SAVE_DELAY_MS);
    },
    [keepLocally, schedule],
  );

  /** Resolves a conflict: keep this device's text (saved over theirs, now that it was shown) or take theirs. */
  const resolve = useCallback(
    (choice: 'mine' | 'theirs') => {
      if (!conflict) return;
      latest.current.base = conflict.theirRevision;
      latest.current.noteId = conflict.noteId;
      if (choice === 'theirs') {
        latest.current.fields = conflict.theirs;
        latest.current.dirty = false;
        setFields(conflict.theirs);
        clearLocalDraft(appointmentId);
        setState('saved');
      } else {
        const mine = conflict.mine ?? latest.current.fields;
        latest.current.fields = mine;
        latest.current.dirty = true;
        setFields(mine);
        writeLocalDraft(appointmentId, { fields: mine, baseRevision: conflict.theirRevision, editedAt: Date.now() });
        schedule(0);
      }
      setConflict(null);
    },
    [appointmentId, conflict, schedule],
  );

  // A draft restored from this device goes to the server at once; back online, the waiting one too.
  useEffect(() => {
    if (latest.current.dirty) schedule(0);
    const online = () => {
      if (latest.current.dirty) schedule(0);
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') keepLocally();
    };
    window.addEventListener('online', online);
    window.addEventListener('pagehide', keepLocally);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', keepLocally);
      document.removeEventListener('visibilitychange', hidden);
      if (timer.current) clearTimeout(timer.current);
      keepLocally();
    };
  }, [keepLocally, schedule]);

  // Offline or failing: tried again every RETRY_MS while the text waits on this device (a conflict waits for the therapist).
  useEffect(() => {
    if ((state !== 'offline' && state !== 'failed' && state !== 'signed-out') || conflict) return undefined;
    const retry = setInterval(() => void save(), RETRY_MS);
    return () => clearInterval(retry);
  }, [state, conflict, save]);

  // Leaving with text the server does not have yet asks first: closing or reloading the tab, and a
  // link inside the app (the text stays on this device either way, and is sent when the note is opened again).
  useEffect(() => {
    if (state === 'saved') return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      keepLocally();
      event.preventDefault();
    };
    const leave = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || event.defaultPrevented || event.button !== 0) return;
      if (!window.confirm(LEAVE_QUESTION)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', leave, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', leave, true);
    };
  }, [keepLocally, state]);

  return { fields, edit, state, failure, conflict, resolve, noteId, flush: save };
}
