// The export's progress as the browser reads it (issue 17 "A progress bar"): one `data_exports`
// document per export (lib/data-exports.js), moved through its stages with a percentage. Each stage
// owns a span of the bar; within it the export reports how far it is (read records of all there are,
// files written, PDFs drawn). Writes are spaced out and never hold the export up: a report that fails
// is logged and the next one carries on; only the first and last writes are awaited.
import { Permission, Role } from 'node-appwrite';

/**
 * @typedef {'queued' | 'reading' | 'writing' | 'documents' | 'compressing' | 'saving' | 'ready'} Stage
 * @typedef {(stage: Stage, fraction?: number) => void} ReportProgress
 */

/** Each stage's span of the bar, in percent. */
export const STAGE_SPANS = /** @type {const} */ ({
  queued: [0, 1],
  reading: [1, 55],
  writing: [55, 72],
  documents: [72, 88],
  compressing: [88, 95],
  saving: [95, 99],
  ready: [100, 100],
});

/** Least time between two progress writes. */
const SPACING_MS = 500;

/**
 * The bar's value for `fraction` (0–1) of a stage.
 * @param {Stage} stage
 * @param {number} fraction
 */
export function percentOf(stage, fraction) {
  const [from, to] = STAGE_SPANS[stage];
  return Math.round(from + (to - from) * Math.min(1, Math.max(0, fraction)));
}

/**
 * @param {{ databases: import('node-appwrite').Databases, collections: import('../../lib/collections.js').Collections, exportId: string, userId: string, log: (m: string) => void }} target
 */
export function exportProgress({ databases, collections, exportId, userId, log }) {
  const ids = { databaseId: collections.databaseId, collectionId: collections.dataExports, documentId: exportId };
  let lastWrite = 0;
  let lastPercent = -1;
  /** @type {Promise<unknown>} */
  let pending = Promise.resolve();

  /** @param {Record<string, unknown>} data */
  const write = (data) => {
    pending = pending.then(() => databases.updateDocument({ ...ids, data })).catch((e) => log(`export progress not saved: ${e instanceof Error ? e.message : String(e)}`));
    return pending;
  };

  return {
    /**
     * The export's document, readable and deletable by the therapist alone.
     * @param {{ includePrivateNotes: boolean, includeDocuments: boolean }} options
     */
    start: (options) => databases.createDocument({
      ...ids,
      data: { userId, status: 'working', stage: 'queued', percent: 0, ...options },
      permissions: [Permission.read(Role.user(userId)), Permission.delete(Role.user(userId))],
    }),
    /** @type {ReportProgress} */
    report: (stage, fraction = 0) => {
      const percent = percentOf(stage, fraction);
      const now = Date.now();
      if (percent === lastPercent || now - lastWrite < SPACING_MS) return;
      lastWrite = now;
      lastPercent = percent;
      void write({ stage, percent });
    },
    /** @param {{ fileName: string, bytes: number, counts: Record<string, number> }} result */
    ready: async ({ fileName, bytes, counts }) => {
      await pending;
      return databases.updateDocument({ ...ids, data: { status: 'ready', stage: 'ready', percent: 100, fileId: exportId, fileName, bytes, counts: JSON.stringify(counts).slice(0, 4000) } });
    },
    /** @param {string} message what the therapist reads */
    failed: async (message) => {
      await pending;
      return databases.updateDocument({ ...ids, data: { status: 'failed', error: message } }).catch((e) => log(`export failure not saved: ${e instanceof Error ? e.message : String(e)}`));
    },
  };
}
