// The canonical form of signed notes and addenda (lib/note-canonical.js): fixed vectors that the
// browser's Verify (Web Crypto) and any other implementation must reproduce byte for byte.
import { describe, expect, it } from 'vitest';
import { addendumCanonical, addendumContentHash, noteCanonical, noteContentHash } from '../functions/lib/note-canonical.js';

/** SHA-256 hex as the browser computes it. */
async function webCryptoHex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Buffer.from(digest).toString('hex');
}

const NOTE = {
  $id: 'n1', $permissions: ['read("user:u1")'], userId: 'u1', status: 'signed', revision: 7, contentHash: 'ignored',
  appointmentId: 'a1', clientId: 'c1', template: 'free_text', content: JSON.stringify({ sections: {}, extra: [{ heading: 'Note', text: 'Hello' }] }),
  riskLevel: 'none', signedAt: '2026-11-26T07:15:02.123+00:00', signerName: 'Dr. Ann Lee', signerCredentials: 'LCSW',
};
const NOTE_CANONICAL = '{"appointmentId":"a1","clientId":"c1","content":"{\\"sections\\":{},\\"extra\\":[{\\"heading\\":\\"Note\\",\\"text\\":\\"Hello\\"}]}",'
  + '"diagnosisCodes":[],"goalsProgress":null,"interventions":[],"riskDetails":null,"riskLevel":"none","signedAt":"2026-11-26T07:15:02.123Z",'
  + '"signerCredentials":"LCSW","signerName":"Dr. Ann Lee","template":"free_text"}';
const NOTE_HASH = 'fdf923686e05baa135e2ab7139ee32cf806eb5570935c53e2aff7e457c596a87';

const ADDENDUM = { noteId: 'n1', text: 'Späte Ergänzung — "quoted"\n', signedAt: '2026-11-26T08:00:00.000Z', signerName: 'Dr. Ann Lee', signerCredentials: null, userId: 'u1' };
const ADDENDUM_CANONICAL = '{"noteId":"n1","signedAt":"2026-11-26T08:00:00.000Z","signerCredentials":null,"signerName":"Dr. Ann Lee","text":"Späte Ergänzung — \\"quoted\\"\\n"}';
const ADDENDUM_HASH = '5273b73111538791ad836915619263d0542ac08ad7725160cb5d9f8156576cc0';

describe('canonical form (issue 15: sign & lock)', () => {
  it('a note: its twelve fields only, keys sorted, arrays [] when missing, signedAt in UTC with Z, no whitespace', async () => {
    expect(noteCanonical(NOTE)).toBe(NOTE_CANONICAL);
    expect(noteContentHash(NOTE)).toBe(NOTE_HASH);
    expect(await webCryptoHex(NOTE_CANONICAL)).toBe(NOTE_HASH);
  });

  it('an addendum: noteId, signedAt, signerCredentials, signerName, text; non-ASCII as UTF-8', async () => {
    expect(addendumCanonical(ADDENDUM)).toBe(ADDENDUM_CANONICAL);
    expect(addendumContentHash(ADDENDUM)).toBe(ADDENDUM_HASH);
    expect(await webCryptoHex(ADDENDUM_CANONICAL)).toBe(ADDENDUM_HASH);
  });

  it('reads the same whatever the stored notation or key order, and changes with any hashed value', () => {
    const reordered = Object.fromEntries(Object.entries(NOTE).reverse());
    expect(noteContentHash({ ...reordered, signedAt: '2026-11-26T07:15:02.123Z', diagnosisCodes: null, interventions: undefined })).toBe(NOTE_HASH);
    for (const [field, value] of [['content', '{}'], ['riskLevel', 'low'], ['signerName', 'Ann Lee'], ['signedAt', '2026-11-26T07:15:02.124Z'], ['diagnosisCodes', ['F32.1']], ['clientId', 'c2']] as const) {
      expect(noteContentHash({ ...NOTE, [field]: value }), field).not.toBe(NOTE_HASH);
    }
    // Order inside an array is part of the record.
    expect(noteContentHash({ ...NOTE, interventions: ['CBT', 'DBT'] })).not.toBe(noteContentHash({ ...NOTE, interventions: ['DBT', 'CBT'] }));
    // Fields outside the form (status, revision, permissions, the hash itself) do not count.
    expect(noteContentHash({ ...NOTE, status: 'draft', revision: 8, contentHash: 'x', $permissions: [] })).toBe(NOTE_HASH);
  });
});
