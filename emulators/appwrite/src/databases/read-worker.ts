// A read worker (read-pool.ts): its own read-only connection to the database (WAL: it reads the
// last commit while the writer goes on), the project's schema as the main thread last sent it,
// and the same DocumentsService code as the main thread's, answering one read at a time.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { systemClock } from '../clock.ts';
import { AppwriteError } from '../errors.ts';
import { DocumentRepository } from './document-repository.ts';
import { DocumentsService } from './documents-service.ts';
import type { ReadReply, ToWorker, WorkerData } from './read-pool.ts';
import { parseSchema } from './schema.ts';

const port = parentPort;
if (!port) throw new Error('read-worker.ts runs as a worker thread (read-pool.ts)');
const data = workerData as WorkerData;
const db = new Database(data.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');

function serviceFor(document: unknown): DocumentsService {
  const schema = parseSchema(document);
  return new DocumentsService(schema, new DocumentRepository(db, schema), systemClock);
}

let service = serviceFor(data.document);
const encoder = new TextEncoder();

port.on('message', (message: ToWorker) => {
  switch (message.kind) {
    case 'schema':
      service = serviceFor(message.document);
      return;
    case 'close':
      db.close();
      port.close();
      return;
    case 'read': {
      let reply: ReadReply;
      try {
        // UTF-8 here, handed over without a copy: the main thread writes the bytes out as they are.
        reply = { bytes: encoder.encode(service.readJson(message.request)) };
      } catch (error) {
        reply = error instanceof AppwriteError
          ? { error: { type: error.type, message: error.message, code: error.code } }
          : { error: { message: error instanceof Error ? error.message : String(error) } };
      }
      port.postMessage(reply, 'bytes' in reply ? [reply.bytes.buffer as ArrayBuffer] : []);
    }
  }
});
port.postMessage({ ready: true } satisfies ReadReply);
