// The audit log's hash chain (issue 17): each therapist's entries are numbered 1, 2, 3… (`seq`) and
// each carries the SHA-256 of its canonical form, which includes the previous entry's hash. The
// Security log recomputes it in the browser (mf-account/src/security-log/audit-chain.ts, the same
// rules; test/audit-chain.test.ts keeps the two equal).

/** The `prevHash` of a therapist's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields a hash covers, in this order (never the document's own `$…` fields). */
export const CHAINED_FIELDS = /** @type {const} */ ([
  'userId', 'seq', 'at', 'actorId', 'action', 'entityType', 'entityId', 'ip', 'userAgent', 'prevHash',
]);

/**
 * The canonical form: a JSON array of a version tag and the chained fields in order, missing
 * strings as '' — one unambiguous string per entry, whatever the key order it was stored with.
 * @param {Record<string, unknown>} entry
 */
export function canonicalEntry(entry) {
  return JSON.stringify(['cadence-audit-v1', ...CHAINED_FIELDS.map((field) => {
    const value = entry[field];
    if (field === 'seq') return typeof value === 'number' ? value : Number(value ?? 0);
    return typeof value === 'string' ? value : '';
  })]);
}
