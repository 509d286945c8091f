// The import run against the real local Appwrite: batches one after another, a failed batch reported
// with its rows and retried under the same ids, a batch whose answer was lost counted once, and the
// tab's close warned about only while batches are being written.
import { appwrite, Query } from '@cadence/shared-auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listClients } from '../api/list-clients.ts';
import { guessMapping } from './column-mapping.ts';
import { writeClientBatch, type ClientToWrite } from './import-batches.ts';
import { planImport } from './import-rows.ts';
import { clearImportRun, importRun, retryFailedBatches, startImportRun, type ImportRunDeps } from './import-run.ts';
import { actAs, createTherapist, startLocalAppwrite, type LocalAppwrite } from '../../../test/local-appwrite.ts';

let server: LocalAppwrite;

beforeAll(async () => {
  server = await startLocalAppwrite();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  clearImportRun();
});

async function therapistWithPlan(rows: number) {
  const therapist = await createTherapist(server, 'run');
  actAs(server, therapist);
  const headers = ['First name', 'Last name'];
  const parsed = { headers, rows: Array.from({ length: rows }, (_, i) => [`First${i}`, `Run${i}`]), rowNumbers: Array.from({ length: rows }, (_, i) => i + 2), delimiter: ',' };
  const plan = planImport(parsed, guessMapping(headers), { existing: [] });
  const storedIds = async () => new Set((await listClients(therapist.id)).map((client) => client.$id));
  return { therapist, plan, storedIds };
}

const tabCloseWarned = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('startImportRun and retryFailedBatches', () => {
  it('reports a failed batch by its rows, having saved none of it, and a retry saves it', async () => {
    const { therapist, plan, storedIds } = await therapistWithPlan(150);
    let calls = 0;
    const failSecond: ImportRunDeps['write'] = async (userId, batch) => {
      calls += 1;
      if (calls === 2) throw new Error('Server error.');
      await writeClientBatch(userId, batch);
    };
    let finished = 0;
    const running = startImportRun(therapist.id, 'clients.csv', plan, { write: failSecond, onFinished: () => (finished += 1) });
    expect(importRun()).toMatchObject({ status: 'writing', total: 150, imported: 0 });
    expect(tabCloseWarned()).toBe(true);
    await running;

    expect(importRun()).toMatchObject({ status: 'finished', imported: 100, failed: [{ firstRow: 102, lastRow: 151, message: 'Server error.' }] });
    expect(finished).toBe(1);
    expect(tabCloseWarned()).toBe(false);
    expect(await listClients(therapist.id)).toHaveLength(100);

    await retryFailedBatches({ storedIds, onFinished: () => (finished += 1) });
    expect(importRun()).toMatchObject({ status: 'finished', imported: 150, failed: [] });
    expect(finished).toBe(2);
    expect(await listClients(therapist.id)).toHaveLength(150);
  });

  it('counts a batch that landed though its answer was lost once, without writing it again', async () => {
    const { therapist, plan, storedIds } = await therapistWithPlan(30);
    const written: ClientToWrite[][] = [];
    const answerLost: ImportRunDeps['write'] = async (userId, batch) => {
      written.push([...batch]);
      await writeClientBatch(userId, batch);
      if (written.length === 1) throw new Error('Failed to fetch');
    };
    await startImportRun(therapist.id, 'clients.csv', plan, { write: answerLost });
    expect(importRun()).toMatchObject({ imported: 0, failed: [{ firstRow: 2, lastRow: 31 }] });

    await retryFailedBatches({ storedIds, write: answerLost });
    expect(importRun()).toMatchObject({ status: 'finished', imported: 30, failed: [] });
    expect(written).toHaveLength(1);
    expect(await listClients(therapist.id)).toHaveLength(30);
  });

  it('records the import in the audit log: one import entry written by the server, and each client its creation', async () => {
    const { therapist, plan } = await therapistWithPlan(3);
    await startImportRun(therapist.id, 'clients.csv', plan);
    const run = importRun();
    expect(run).toMatchObject({ status: 'finished', imported: 3 });
    const clientIds = (await listClients(therapist.id)).map((client) => client.$id);
    const deadline = Date.now() + 20_000;
    let actions: Array<{ action: string; entityType: string; entityId: string | null; actorId: string | null }>;
    for (;;) {
      const log = await appwrite().databases.listDocuments({ databaseId: 'main', collectionId: 'audit_log', queries: [Query.equal('userId', therapist.id), Query.orderAsc('seq'), Query.limit(100)] });
      actions = log.documents.map((d) => ({ action: String(d['action']), entityType: String(d['entityType']), entityId: (d['entityId'] as string | null) ?? null, actorId: (d['actorId'] as string | null) ?? null }));
      if (actions.filter((a) => a.action === 'client.create').length === 3 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(actions.filter((a) => a.action === 'import')).toEqual([{ action: 'import', entityType: 'client_import', entityId: run?.importId ?? '', actorId: therapist.id }]);
    expect(actions.filter((a) => a.action === 'client.create').map((a) => a.entityId).sort()).toEqual([...clientIds].sort());
  }, 60_000);
});
