// The client list's rows (issue 35) against the real local Appwrite: only the list's attributes come
// back (Query.select), every row is the therapist's own (the query's userId and each row's
// permissions: a document naming them but readable by someone else too is left out), by last name.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { actAs, createTherapist, PROJECT_ID, startLocalAppwrite, type LocalAppwrite, type Therapist } from '../../../test/local-appwrite.ts';
import { clientSchemaFor } from '../client-schema.ts';
import { createClient } from './create-client.ts';
import { CLIENT_ROW_FIELDS, listClientRows } from './list-clients.ts';

let server: LocalAppwrite;
let therapist: Therapist;
let other: Therapist;

const add = (userId: string, fields: Record<string, unknown>) =>
  createClient(userId, clientSchemaFor().parse({ currency: 'USD', dateOfBirth: '1990-04-02', ...fields }));

beforeAll(async () => {
  server = await startLocalAppwrite({ events: false });
  [therapist, other] = await Promise.all([createTherapist(server, 'rows'), createTherapist(server, 'other-rows')]);
  actAs(server, other);
  await add(other.id, { firstName: 'Not', lastName: 'Ours' });
  actAs(server, therapist);
  const ana = await add(therapist.id, { firstName: 'Ana', lastName: 'Zamora', tags: ['couples'], email: 'ana@example.com' });
  await add(therapist.id, { firstName: 'Ben', lastName: 'Abbott', preferredName: 'Benny', pronouns: 'he/him' });
  // Written with the server key: names the therapist, but the other therapist may read it too.
  const data = Object.fromEntries(Object.entries(ana).filter(([key]) => !key.startsWith('$')));
  const shared = await fetch(`${server.endpoint}/databases/main/collections/clients/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT_ID, 'x-appwrite-key': 'local-dev-key' },
    body: JSON.stringify({ documentId: 'unique()', data: { ...data, firstName: 'Shared', lastName: 'Middle' }, permissions: [`read("user:${therapist.id}")`, `read("user:${other.id}")`] }),
  });
  expect(shared.status).toBe(201);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

it('lists the therapist’s own clients by last name with only the list’s attributes', async () => {
  const rows = await listClientRows(therapist.id);
  expect(rows.map((row) => [row.firstName, row.lastName])).toEqual([['Ben', 'Abbott'], ['Ana', 'Zamora']]);
  for (const row of rows) {
    expect(row.userId).toBe(therapist.id);
    expect(Object.keys(row).filter((key) => !key.startsWith('$')).sort()).toEqual([...CLIENT_ROW_FIELDS, 'userId'].sort());
  }
  expect(rows[0]).toMatchObject({ preferredName: 'Benny', pronouns: 'he/him', tags: [] });
  expect(rows[1]).toMatchObject({ tags: ['couples'], email: 'ana@example.com', status: 'active' });
});
