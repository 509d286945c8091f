import { useSyncExternalStore } from 'react';
import { uniqueId } from '@cadence/shared-auth';
import type { ClientDocument } from '../api/client-document.ts';
import { batchesOf, clientsToWrite, writeClientBatch, type ClientToWrite } from './import-batches.ts';
import { recordClientImport } from './import-record.ts';
import type { ImportPlan } from './import-rows.ts';

// One import at a time, kept outside the page (issue #13): leaving the import screen does not stop
// it — the batches keep going and the progress or summary is there on coming back. Only closing or
// reloading the tab stops it, and the page warns before that (beforeunload) while batches are
// being written. A batch that failed landed nothing (one transaction) and can be retried.

export interface FailedBatch {
  /** First and last row numbers of the file in the batch. */
  firstRow: number;
  lastRow: number;
  clients: ClientToWrite[];
  message: string;
}

export interface ImportRun {
  userId: string;
  /** Names the import in the audit log. */
  importId: string;
  fileName: string;
  status: 'writing' | 'finished';
  /** Clients to write in this run. */
  total: number;
  imported: number;
  failed: FailedBatch[];
  /** The plan the run writes: its duplicates and rejected rows make the summary. */
  plan: ImportPlan<ClientDocument>;
}

export interface ImportRunDeps {
  write?: (userId: string, batch: readonly ClientToWrite[]) => Promise<void>;
  /** The stored clients' ids, to tell on a retry which documents of a failed batch did land. */
  storedIds?: () => Promise<ReadonlySet<string>>;
  /** After the last batch: the client list is stale now. */
  onFinished?: () => void;
  /** Records the import in the audit log (by the server) with the ids of the clients that landed. */
  record?: (importId: string, clientIds: readonly string[]) => Promise<void>;
}

let current: ImportRun | null = null;
const listeners = new Set<() => void>();

function update(change: Partial<ImportRun>): void {
  if (!current) return;
  current = { ...current, ...change };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function importRun(): ImportRun | null {
  return current;
}

/** The therapist's import in progress or finished; another user's is not theirs to see. */
export function useImportRun(userId: string): ImportRun | null {
  const run = useSyncExternalStore(subscribe, importRun, importRun);
  return run && run.userId === userId ? run : null;
}

/** Forgets a finished import (to import another file). A run still writing is kept. */
export function clearImportRun(): void {
  if (current?.status === 'writing') return;
  current = null;
  for (const listener of listeners) listener();
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'The server did not answer.');

// Closing or reloading the tab would stop the batches: the browser asks first.
function warnBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
}

async function writeBatches(run: ImportRun, batches: ClientToWrite[][], deps: ImportRunDeps, landed: readonly string[] = []): Promise<void> {
  const write = deps.write ?? writeClientBatch;
  const imported = [...landed];
  globalThis.addEventListener?.('beforeunload', warnBeforeUnload);
  for (const batch of batches) {
    try {
      await write(run.userId, batch);
      imported.push(...batch.map((client) => client.documentId));
      update({ imported: (current?.imported ?? 0) + batch.length });
    } catch (error) {
      const failed: FailedBatch = { firstRow: batch[0]?.rowNumber ?? 0, lastRow: batch.at(-1)?.rowNumber ?? 0, clients: batch, message: messageOf(error) };
      update({ failed: [...(current?.failed ?? []), failed] });
    }
  }
  globalThis.removeEventListener?.('beforeunload', warnBeforeUnload);
  update({ status: 'finished' });
  deps.onFinished?.();
  // Each client's creation is in the audit log already (its create event); this adds the import
  // itself, written by the server, once the summary shows. The clients are saved either way, so a
  // failure here is not the import's: the log keeps the per-client entries.
  if (imported.length > 0) await (deps.record ?? recordClientImport)(run.importId, imported).catch(() => undefined);
}

/** Writes the plan's ready rows in batches; resolves when every batch has landed or failed. */
export async function startImportRun(userId: string, fileName: string, plan: ImportPlan<ClientDocument>, deps: ImportRunDeps = {}): Promise<void> {
  if (current?.status === 'writing') return;
  const ready = plan.rows.flatMap((row) => (row.status === 'ready' && row.client ? [{ rowNumber: row.rowNumber, client: row.client }] : []));
  const run: ImportRun = { userId, importId: uniqueId(), fileName, status: 'writing', total: ready.length, imported: 0, failed: [], plan };
  current = run;
  for (const listener of listeners) listener();
  await writeBatches(run, batchesOf(clientsToWrite(ready)), deps);
}

/**
 * Writes the failed batches again under the same document ids. A batch whose answer was lost may
 * have landed after all: those documents are counted as imported, not written twice.
 */
export async function retryFailedBatches(deps: ImportRunDeps = {}): Promise<void> {
  const run = current;
  if (!run || run.status === 'writing' || run.failed.length === 0) return;
  update({ status: 'writing', failed: [] });
  let stored: ReadonlySet<string> = new Set();
  try {
    stored = deps.storedIds ? await deps.storedIds() : new Set();
  } catch {
    // Not knowing what landed, write everything again: a document that exists fails its batch whole.
  }
  const landed = run.failed.flatMap((batch) => batch.clients.filter((client) => stored.has(client.documentId)));
  if (landed.length > 0) update({ imported: (current?.imported ?? 0) + landed.length });
  const again = run.failed.map((batch) => batch.clients.filter((client) => !stored.has(client.documentId))).filter((batch) => batch.length > 0);
  await writeBatches(run, again, deps, landed.map((client) => client.documentId));
}
