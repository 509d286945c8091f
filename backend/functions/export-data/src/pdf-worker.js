// A worker thread of the export's PDF pool (pdf-pool.js): draws each invoice or superbill of the
// batch it is sent with pdf-pool.js's drawJob (lib/money-pdf.js) — the same drawing as on the main
// thread — and sends the bytes back (transferred, not copied). Nothing is logged: the parts are
// clinical and financial records.
import { parentPort } from 'node:worker_threads';
import { drawJob } from './pdf-pool.js';

/** @typedef {import('./pdf-pool.js').PdfJob} PdfJob */

if (!parentPort) throw new Error('pdf-worker.js runs as a worker thread');
const port = parentPort;

port.on('message', async (/** @type {{ from: number, jobs: PdfJob[] }} */ { from, jobs }) => {
  try {
    /** @type {Uint8Array<ArrayBuffer>[]} */
    const pdfs = [];
    for (const job of jobs) {
      const bytes = await drawJob(job);
      pdfs.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).slice());
    }
    port.postMessage({ from, pdfs }, pdfs.map((bytes) => bytes.buffer));
  } catch (e) {
    port.postMessage({ from, error: e instanceof Error ? e.message : String(e) });
  }
});
