import type { OwnedDocument } from '../../shared/practice-collections.ts';
import type { NoteSignature } from './api/note-signatures.ts';
import { isNoteTemplate, isRiskLevel, type NoteTemplateId, type RiskLevel } from './note-templates.ts';

// A progress note (issue #15): one per appointment, a draft the therapist's browser writes until the
// sign-note function freezes it (hash, signer, read-only permissions). The clinical text attributes
// are encrypted at rest by Appwrite (`encrypt: true` in backend/appwrite.json).

export interface ProgressNote {
  appointmentId: string;
  clientId: string;
  template: NoteTemplateId;
  /** JSON text of NoteContent (note-templates.ts). */
  content: string;
  /** Null until the therapist chooses: a note is never signed with a risk nobody assessed. */
  riskLevel: RiskLevel | null;
  riskDetails: string | null;
  interventions: string[];
  goalsProgress: string | null;
  diagnosisCodes: string[];
  status: 'draft' | 'signed';
  /** Bumped by every save: a save based on an older revision is a conflict, never an overwrite. */
  revision: number;
  signedAt: string | null;
  signerName: string | null;
  signerCredentials: string | null;
  contentHash: string | null;
}

export type ProgressNoteDocument = OwnedDocument<ProgressNote>;

/** The parts of a note the therapist writes (what a draft holds). */
export type NoteDraftFields = Pick<ProgressNote, 'template' | 'content' | 'riskLevel' | 'riskDetails' | 'interventions' | 'goalsProgress' | 'diagnosisCodes'>;

/**
 * Signed means signed by sign-note: the note's signature (note_signatures, which only that function
 * writes) exists, names this note and its therapist, and holds the note's contentHash — and the note
 * is read-only. A note its owner only marked signed through the API (status, hash, permissions) has no
 * signature and is not signed.
 */
export function isSigned(
  note: Pick<ProgressNoteDocument, '$id' | 'userId' | 'status' | 'contentHash' | '$permissions'>,
  signature: Pick<NoteSignature, 'noteId' | 'userId' | 'contentHash'> | null,
): boolean {
  return signature !== null && note.status === 'signed' && note.$permissions.every((permission) => permission.startsWith('read(')) && signature.noteId === note.$id && signature.userId === note.userId
    && note.contentHash !== null && signature.contentHash === note.contentHash;
}

/** A note nobody can write any more (no update permission left) or marked signed: it is not a draft the editor can save. */
export function isLocked(note: Pick<ProgressNoteDocument, 'status' | '$permissions'>): boolean {
  return note.status === 'signed' || !note.$permissions.some((permission) => permission.startsWith('update('));
}

export function noteFromDocument(document: ProgressNoteDocument): ProgressNoteDocument {
  return {
    ...document,
    template: isNoteTemplate(document.template) ? document.template : 'free_text',
    content: typeof document.content === 'string' ? document.content : '',
    riskLevel: isRiskLevel(document.riskLevel) ? document.riskLevel : null,
    riskDetails: document.riskDetails ?? null,
    interventions: Array.isArray(document.interventions) ? document.interventions : [],
    goalsProgress: document.goalsProgress ?? null,
    diagnosisCodes: Array.isArray(document.diagnosisCodes) ? document.diagnosisCodes : [],
    status: document.status === 'signed' ? 'signed' : 'draft',
    revision: typeof document.revision === 'number' ? document.revision : 0,
    signedAt: document.signedAt ?? null,
    signerName: document.signerName ?? null,
    signerCredentials: document.signerCredentials ?? null,
    contentHash: document.contentHash ?? null,
  };
}

/** The fields the sign-note function hashes, in the canonical order (backend/functions/lib/note-canonical.js). */
export const CANONICAL_FIELDS = [
  'appointmentId', 'clientId', 'content', 'diagnosisCodes', 'goalsProgress', 'interventions', 'riskDetails', 'riskLevel',
  'signedAt', 'signerCredentials', 'signerName', 'template',
] as const;

/**
 * The canonical text a signed note's hash is over, byte for byte as backend/functions/lib/
 * note-canonical.js writes it: these fields sorted by name, as JSON; lists as stored ([] when
 * missing), signedAt as toISOString() writes the instant, anything else as stored (null when missing).
 */
export function canonicalNote(note: Pick<ProgressNote, (typeof CANONICAL_FIELDS)[number]>): string {
  const fields: Record<string, unknown> = {};
  for (const key of CANONICAL_FIELDS) {
    const value = note[key];
    if (key === 'diagnosisCodes' || key === 'interventions') fields[key] = Array.isArray(value) ? value.map(String) : [];
    else if (key === 'signedAt') fields[key] = typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(Date.parse(value)).toISOString() : null;
    else fields[key] = value === undefined || value === null ? null : String(value);
  }
  return JSON.stringify(fields);
}

/** SHA-256 hex of the canonical form (Web Crypto), for "Verify". */
export async function noteHash(note: Pick<ProgressNote, (typeof CANONICAL_FIELDS)[number]>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalNote(note)));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
