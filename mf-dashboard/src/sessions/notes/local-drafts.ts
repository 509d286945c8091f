import type { NoteDraftFields } from './progress-note.ts';

// Every change to a note is kept on this device at once (issue #15 "Nothing lost"), keyed by
// appointment, until the server has it: a reload, a crashed tab, going offline or an expired
// session loses nothing. Once a save lands the local copy is removed, so clinical text stays on the
// device no longer than it must.

const PREFIX = 'cadence.note-draft.';

export interface LocalDraft {
  fields: NoteDraftFields;
  /** The server revision this text was written on (0: no note on the server yet). */
  baseRevision: number;
  /** When it was last typed (ms since epoch). */
  editedAt: number;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readLocalDraft(appointmentId: string): LocalDraft | null {
  const raw = storage()?.getItem(PREFIX + appointmentId);
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as LocalDraft;
    return draft && typeof draft === 'object' && draft.fields && typeof draft.baseRevision === 'number' ? draft : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(appointmentId: string, draft: LocalDraft): void {
  try {
    storage()?.setItem(PREFIX + appointmentId, JSON.stringify(draft));
  } catch {
    // storage full or blocked: the server save still runs
  }
}

export function clearLocalDraft(appointmentId: string): void {
  storage()?.removeItem(PREFIX + appointmentId);
}

/** Whether two drafts say the same thing. */
export function sameFields(a: NoteDraftFields, b: NoteDraftFields): boolean {
  return (
    a.template === b.template && a.content === b.content && a.riskLevel === b.riskLevel && (a.riskDetails ?? '') === (b.riskDetails ?? '')
    && (a.goalsProgress ?? '') === (b.goalsProgress ?? '') && a.interventions.join('\u0000') === b.interventions.join('\u0000')
    && a.diagnosisCodes.join(',') === b.diagnosisCodes.join(',')
  );
}

export type DraftStart =
  | { kind: 'server' }
  | { kind: 'local'; draft: LocalDraft }
  | { kind: 'conflict'; draft: LocalDraft };

/**
 * Where an opened note starts: the device's unsaved text when it was written on the server's
 * current revision (it is newer), the server's when there is nothing unsaved, and a conflict —
 * shown, never resolved silently — when the server moved on (another tab or device) meanwhile.
 */
export function draftStart(local: LocalDraft | null, server: { revision: number; fields: NoteDraftFields } | null): DraftStart {
  if (!local) return { kind: 'server' };
  const serverRevision = server?.revision ?? 0;
  if (server && sameFields(local.fields, server.fields)) return { kind: 'server' };
  if (local.baseRevision === serverRevision) return { kind: 'local', draft: local };
  return { kind: 'conflict', draft: local };
}
