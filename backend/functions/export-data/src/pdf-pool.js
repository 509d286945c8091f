// The export's PDFs drawn on worker threads (issue 35): one per core but the one the main thread
// keeps busy meanwhile (it writes the CSVs and the FHIR bundle), at least one, each drawing the
// invoices and superbills it is handed (pdf-worker.js), so a practice's thousands of PDFs take the
// cores the main thread leaves. (On 2 cores one worker: a second only adds its start and its own
// warming up — 14.4 → 13.4 CPU-s for the export at 2,000 clients, and no slower.) A handful of PDFs
// is drawn here: starting workers would cost more. The bytes come back in the jobs' order, the same
// bytes the main thread draws. A job is what its PDF says
// (invoiceContent, superbillContent), not the records it was made from: a worker is sent a copy of
// it, and the records' copies (every client's ledger, whole Appwrite documents) cost more than the
// drawing they were copied for.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { drawInvoiceContent, drawSuperbillContent } from '../../lib/money-pdf.js';

/**
 * @typedef {{ kind: 'invoice', content: import('../../lib/money-documents.js').InvoiceContent } | { kind: 'superbill', content: import('../../lib/money-documents.js').SuperbillContent }} PdfJob
 */

/** Below this many PDFs they are drawn on the main thread. */
export const POOL_FROM = 8;
/** PDFs a worker is sent in one message (fewer messages, and the bytes come back in fewer). */
const BATCH = 8;

/**
 * A job's PDF (here or on a worker).
 * @param {PdfJob} job
 * @returns {Promise<Uint8Array>}
 */
export const drawJob = (job) => (job.kind === 'invoice' ? drawInvoiceContent(job.content) : drawSuperbillContent(job.content, null));

/**
 * Every job's PDF, in order.
 * @param {PdfJob[]} jobs
 * @param {{ threads?: number, onProgress?: (done: number, total: number) => void }} [options]
 *   `threads`: workers to use (default: one per core less one, at least one; 0 draws on the main thread).
 * @returns {Promise<Uint8Array[]>}
 */
export async function drawPdfs(jobs, { threads = Math.max(1, availableParallelism() - 1), onProgress = () => {} } = {}) {
  /** @type {Uint8Array[]} */
  const results = new Array(jobs.length);
  let done = 0;
  if (threads < 1 || jobs.length < POOL_FROM) {
    for (const [i, job] of jobs.entries()) {
      results[i] = await drawJob(job);
      onProgress(++done, jobs.length);
    }
    return results;
  }
  const workers = Array.from({ length: Math.min(threads, jobs.length) }, () => new Worker(new URL('./pdf-worker.js', import.meta.url)));
  try {
    await Promise.all(workers.map((worker, w) => new Promise((resolve, reject) => {
      // Every batch is handed out at once, in turn, so the workers never wait on this thread (the
      // export writes its CSVs and FHIR bundle meanwhile, export-archive.js).
      let pending = 0;
      for (let from = w * BATCH; from < jobs.length; from += workers.length * BATCH) {
        worker.postMessage({ from, jobs: jobs.slice(from, from + BATCH) });
        pending += 1;
      }
      if (!pending) return resolve(undefined);
      worker.on('message', (/** @type {{ from: number, pdfs?: Uint8Array[], error?: string }} */ answer) => {
        if (answer.error !== undefined || !answer.pdfs) return reject(new Error(`A PDF could not be drawn: ${answer.error ?? 'no bytes'}`));
        for (const [i, bytes] of answer.pdfs.entries()) {
          results[answer.from + i] = bytes;
          onProgress(++done, jobs.length);
        }
        if (--pending === 0) resolve(undefined);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => { if (pending > 0 || code !== 0) reject(new Error(`A PDF worker stopped (${code})`)); });
    })));
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
}
