import { hasText, parseContent } from './note-templates.ts';
import type { NoteDraftFields } from './progress-note.ts';

// What must be true before a note is signed (issue 37: a signed note asserts only what the therapist
// chose). sign-note refuses the same notes with the same words (backend/functions/lib/note-signing.js).

export const NOTE_MESSAGES = {
  riskLevel: 'Choose a risk assessment before signing — None, Low, Moderate or High.',
  riskDetails: 'Describe the risk and the plan to keep the client safe.',
  empty: 'Write the note before signing it.',
} as const;

/** Whether risk details are owed: a risk above none without a word about it. */
export const riskDetailsMissing = (fields: Pick<NoteDraftFields, 'riskLevel' | 'riskDetails'>): boolean =>
  fields.riskLevel !== null && fields.riskLevel !== 'none' && !(fields.riskDetails ?? '').trim();

/** The first reason the note can't be signed yet, or null when it can. */
export function notReadyToSign(fields: Pick<NoteDraftFields, 'content' | 'riskLevel' | 'riskDetails'>): string | null {
  if (!hasText(parseContent(fields.content))) return NOTE_MESSAGES.empty;
  if (fields.riskLevel === null) return NOTE_MESSAGES.riskLevel;
  if (riskDetailsMissing(fields)) return NOTE_MESSAGES.riskDetails;
  return null;
}
