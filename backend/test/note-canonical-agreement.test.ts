// The signed note's canonical form has two writers: sign-note (backend/functions/lib/note-canonical.js)
// freezes it, the dashboard's "Verify" (mf-dashboard/src/sessions/notes/progress-note.ts) recomputes
// it with Web Crypto. Any difference makes every signed note look tampered with, so both run here on
// the same notes, including the shapes Appwrite answers with (an offset date, missing lists, nulls).
import { describe, expect, it } from 'vitest';
import { canonicalNote, noteHash } from '../../mf-dashboard/src/sessions/notes/progress-note.ts';
import { noteCanonical, noteContentHash } from '../functions/lib/note-canonical.js';

const signed = {
  appointmentId: 'a1', clientId: 'c1', template: 'soap', content: '{"sections":{"plan":"Sleep diary — “two weeks”\\n"},"extra":[]}', riskLevel: 'low',
  riskDetails: 'Passive ideation; safety plan reviewed.', interventions: ['CBT', 'Safety planning'], goalsProgress: null, diagnosisCodes: ['F41.1'],
  signedAt: '2026-11-26T07:15:02.123+00:00', signerName: 'Dana Reyes', signerCredentials: 'LCSW',
};

describe('the signed note’s canonical form', () => {
  it('is the same bytes and hash in the function and in the browser', async () => {
    for (const note of [signed, { ...signed, signedAt: '2026-11-26T07:15:02.123Z' }, { ...signed, interventions: undefined, diagnosisCodes: null, riskDetails: undefined, signerCredentials: null }]) {
      expect(canonicalNote(note as never)).toBe(noteCanonical(note));
      expect(await noteHash(note as never)).toBe(noteContentHash(note));
    }
  });
});
