// The canonical form of a signed progress note and of an addendum (issue 15, "Sign & lock"): the
// exact bytes whose SHA-256 is the record's `contentHash`. sign-note and add-addendum compute it
// when they sign; the browser's "Verify" recomputes it from the stored document with Web Crypto
// (`crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical))`), and any other
// implementation must give the same bytes:
//
// 1. Take exactly these fields of the stored document (no others, no `$` fields):
//    note:     appointmentId, clientId, content, diagnosisCodes, goalsProgress, interventions,
//              riskDetails, riskLevel, signedAt, signerCredentials, signerName, template
//    addendum: noteId, signedAt, signerCredentials, signerName, text
// 2. Normalise each value:
//    - diagnosisCodes, interventions (string arrays): the array in stored order, each element a
//      string; a missing or null array is [] (Appwrite may answer either for an empty array);
//    - signedAt: the instant as `Date.prototype.toISOString()` writes it — UTC, milliseconds, `Z`
//      (`2026-11-26T07:15:02.123Z`), whatever offset notation the server stored
//      (`…+00:00`); a missing or unparsable value is null;
//    - every other field: the string as stored (`content` is the note's JSON text as stored,
//      never re-parsed or re-serialised); a missing value is null.
// 3. Serialise as one JSON object with the keys in ascending order of their UTF-16 code units (the
//    order listed in 1 — plain ASCII, so byte order too), no whitespace anywhere, strings escaped
//    exactly as ECMAScript's JSON.stringify escapes them (", \, and control characters; non-ASCII
//    characters and lone surrogates as JSON.stringify does: literal, or \uXXXX for lone surrogates).
// 4. contentHash = lowercase hex of SHA-256 over the UTF-8 bytes of that text (64 characters).
//
// Example: a free-text note with nothing but its ids and text gives
// {"appointmentId":"a1","clientId":"c1","content":"{\"sections\":{},\"extra\":[{\"heading\":\"Note\",\"text\":\"Hello\"}]}","diagnosisCodes":[],"goalsProgress":null,"interventions":[],"riskDetails":null,"riskLevel":"none","signedAt":"2026-11-26T07:15:02.123Z","signerCredentials":"LCSW","signerName":"Dr. Ann Lee","template":"free_text"}
// whose contentHash is fdf923686e05baa135e2ab7139ee32cf806eb5570935c53e2aff7e457c596a87
// (test/note-canonical.test.ts holds this and an addendum as vectors for other implementations).
import { createHash } from 'node:crypto';

export const NOTE_FIELDS = /** @type {const} */ ([
  'appointmentId', 'clientId', 'content', 'diagnosisCodes', 'goalsProgress', 'interventions',
  'riskDetails', 'riskLevel', 'signedAt', 'signerCredentials', 'signerName', 'template',
]);

export const ADDENDUM_FIELDS = /** @type {const} */ (['noteId', 'signedAt', 'signerCredentials', 'signerName', 'text']);

const ARRAY_FIELDS = new Set(['diagnosisCodes', 'interventions']);

/**
 * @param {string} field
 * @param {unknown} value
 * @returns {string | string[] | null}
 */
function normalise(field, value) {
  if (ARRAY_FIELDS.has(field)) return Array.isArray(value) ? value.map((v) => String(v)) : [];
  if (value === undefined || value === null) return null;
  if (field === 'signedAt') {
    const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    return Number.isNaN(ms) ? null : new Date(ms).toISOString();
  }
  return String(value);
}

/**
 * @param {Record<string, unknown>} document
 * @param {readonly string[]} fields already in ascending order
 */
function canonical(document, fields) {
  /** @type {Record<string, string | string[] | null>} */
  const out = {};
  for (const field of [...fields].sort()) out[field] = normalise(field, document[field]);
  return JSON.stringify(out);
}

/** @param {string} text */
export const sha256Hex = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** @param {Record<string, unknown>} note a progress_notes document (or its signed values) */
export const noteCanonical = (note) => canonical(note, NOTE_FIELDS);

/** @param {Record<string, unknown>} note */
export const noteContentHash = (note) => sha256Hex(noteCanonical(note));

/** @param {Record<string, unknown>} addendum a note_addenda document (or its signed values) */
export const addendumCanonical = (addendum) => canonical(addendum, ADDENDUM_FIELDS);

/** @param {Record<string, unknown>} addendum */
export const addendumContentHash = (addendum) => sha256Hex(addendumCanonical(addendum));
