// Large pages read past the SDKs' json-bigint parser (the export's lib/document-pages.js with the
// function's key, the app's listDocumentPage with the therapist's session): the same request and the
// same answer as listDocuments, Appwrite's error as the same AppwriteException, and nothing of
// another therapist's; the function's pages uncompressed.
import { AppwriteException as WebAppwriteException, ID, Permission, Query, Role } from 'appwrite';
import { AppwriteException } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureAppwrite } from '../../shared-auth/src/client/appwrite-client.ts';
import { listDocumentPage as listInBrowser } from '../../shared-auth/src/client/document-pages.ts';
import { localRuntimeConfig, setConfig } from '../../shared-auth/src/config/config.ts';
import { listDocumentPage } from '../functions/lib/document-pages.js';
import { DATABASE_ID, PROJECT_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
const where = { databaseId: DATABASE_ID, collectionId: 'ledger_entries' };

beforeAll(async () => {
  aw = await startAppwrite({ APPWRITE_EVENTS: 'off' });
  [therapist, other] = [await signedInUser(aw, 'pages'), await signedInUser(aw, 'pages-other')];
  for (const [user, count] of [[therapist, 30], [other, 5]] as const) {
    await aw.databases.createDocuments({
      ...where,
      documents: Array.from({ length: count }, (_, i) => ({
        $id: ID.unique(), $permissions: [Permission.read(Role.user(user.id))],
        userId: user.id, clientId: 'c1', kind: 'charge', type: 'session_fee', amount: 12_000 + i, currency: 'USD', date: `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`, memo: `"quoted" ✓ ${i}`,
      })),
    });
  }
  setConfig(localRuntimeConfig({ endpoint: aw.endpoint, projectId: PROJECT_ID, databaseId: DATABASE_ID }));
  configureAppwrite(therapist.client);
});

afterAll(async () => {
  await aw?.close();
});

describe('listDocumentPage', () => {
  const queries = () => [Query.equal('userId', therapist.id), Query.orderDesc('date'), Query.orderAsc('$id'), Query.limit(12)];

  it("with the function's key: the SDK's own answer, page after page", async () => {
    const first = await listDocumentPage(aw.databases, { ...where, queries: queries() });
    expect(JSON.parse(JSON.stringify(first))).toEqual(JSON.parse(JSON.stringify(await aw.databases.listDocuments({ ...where, queries: queries() }))));
    expect(first.total).toBe(30);
    const next = await listDocumentPage(aw.databases, { ...where, queries: [...queries(), Query.cursorAfter(first.documents.at(-1)!.$id)] });
    expect(next.documents).toHaveLength(12);
    expect(next.documents[0]!.$id).not.toBe(first.documents[0]!.$id);
  });

  it("with the function's key: the pages come uncompressed (issue 35: Appwrite would compress an export's ~160 MB of pages on one side of the host and the function inflate them on the other)", async () => {
    const fetched = globalThis.fetch;
    const encodings: (string | null)[] = [];
    globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await fetched(...args);
      encodings.push(response.headers.get('content-encoding'));
      return response;
    };
    try {
      const page = await listDocumentPage(aw.databases, { ...where, queries: [Query.equal('userId', therapist.id), Query.limit(100)] });
      expect(JSON.stringify(page).length).toBeGreaterThan(1024);
    } finally {
      globalThis.fetch = fetched;
    }
    expect(encodings).toEqual([null]);
  });

  it("with the therapist's session: the SDK's own answer, and none of the other therapist's documents", async () => {
    const page = await listInBrowser({ ...where, queries: [Query.limit(100)], total: false });
    expect(page.documents).toHaveLength(30);
    expect(page.documents.every((d) => (d as unknown as { userId: string }).userId === therapist.id)).toBe(true);
    expect(page.total).toBe(0);
    expect(JSON.parse(JSON.stringify(await listInBrowser({ ...where, queries: queries() }))))
      .toEqual(JSON.parse(JSON.stringify(await therapist.databases.listDocuments({ ...where, queries: queries() }))));
    configureAppwrite(other.client);
    expect((await listInBrowser({ ...where, queries: [Query.limit(100)] })).documents).toHaveLength(5);
    configureAppwrite(therapist.client);
  });

  it("answers Appwrite's errors as the SDKs do", async () => {
    await expect(listDocumentPage(aw.databases, { databaseId: DATABASE_ID, collectionId: 'no_such', queries: [] }))
      .rejects.toSatisfy((e: unknown) => e instanceof AppwriteException && e.code === 404 && e.type === 'collection_not_found');
    await expect(listInBrowser({ ...where, queries: ['not a query'] }))
      .rejects.toSatisfy((e: unknown) => e instanceof WebAppwriteException && e.code === 400 && e.type !== '');
  });
});
