// A worker thread of the export's PDF pool (pdf-pool.js): draws each invoice or superbill it is
// sent with lib/money-documents.js — the same drawing as on the main thread — and sends the bytes
// back (transferred, not copied). Nothing is logged: the parts are clinical and financial records.
import { parentPort } from 'node:worker_threads';
import { drawInvoice, drawSuperbill } from '../../lib/money-documents.js';

/** @typedef {import('./pdf-pool.js').PdfJob} PdfJob */

if (!parentPort) throw new Error('pdf-worker.js runs as a worker thread');
const port = parentPort;

port.on('message', async (/** @type {{ id: number, job: PdfJob }} */ { id, job }) => {
  try {
    const bytes = job.kind === 'invoice' ? await drawInvoice(job.parts) : (await drawSuperbill(job.parts)).bytes;
    const out = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).slice();
    port.postMessage({ id, bytes: out }, [out.buffer]);
  } catch (e) {
    port.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
