// Issue 29: "Export all my data" → Clients → Import reproduces every client field for field, through
// the real code on both sides — export-data's clients.csv writer (export-kinds.js, with its formula
// guard) and the dashboard's import (read, map, plan) — for clients fast-check makes with every
// field: international phones, formula-like text, commas, quotes, line breaks, accents, tags,
// diagnosis codes, a default service named by code or by name, fees.
import fc from 'fast-check';
import type { Models } from 'node-appwrite';
import { describe, expect, it } from 'vitest';
import { ARBITRARY_SERVICES, distinctClients } from '../../mf-dashboard/test/client-arbitraries.ts';
import { guessMapping } from '../../mf-dashboard/src/clients/import/column-mapping.ts';
import { readImportFile } from '../../mf-dashboard/src/clients/import/import-file.ts';
import { planImport } from '../../mf-dashboard/src/clients/import/import-rows.ts';
import { EXPORT_KINDS, kindCsv } from '../functions/export-data/src/export-kinds.js';

const clientsKind = EXPORT_KINDS.find((kind) => kind.file === 'clients.csv')!;
const RECORD = { $collectionId: 'clients', $databaseId: 'main', $createdAt: '2026-11-01T10:00:00.000+00:00', $updatedAt: '2026-11-02T10:00:00.000+00:00', $permissions: [] };
// node-appwrite brands DefaultDocument with a private symbol that only its own answers carry: a
// document built here, with every field Appwrite sends, is given that type.
const asDocument = (fields: Models.Document & Record<string, unknown>) => fields as unknown as Models.DefaultDocument;
const services = new Map(ARBITRARY_SERVICES.map((service, i) => [service.$id, asDocument({ ...RECORD, ...service, $sequence: String(i), $collectionId: 'services' })]));

describe('clients.csv from the export imports into an empty practice unchanged (property)', () => {
  it('every field of every client comes back as it was stored', () => {
    fc.assert(
      fc.property(distinctClients(8), (clients) => {
        const documents = clients.map((client, i) => asDocument({ ...RECORD, ...client, $id: `client${i}`, $sequence: String(i), userId: 'therapist' }));
        const bytes = new Uint8Array(Buffer.concat(kindCsv(clientsKind, documents, { services })));
        const parsed = readImportFile({ name: 'clients.csv', size: bytes.length, type: 'text/csv' }, bytes);
        if (!parsed.ok) throw new Error(parsed.message);
        const plan = planImport(parsed.value, guessMapping(parsed.value.headers), { existing: [], services: ARBITRARY_SERVICES, currency: 'USD' });
        expect(plan.dates.needsChoice).toBe(false);
        expect(plan.rows.map((row) => [row.rowNumber, row.problems, row.notes])).toEqual(clients.map((_, i) => [i + 2, [], []]));
        expect(plan.ready).toEqual(clients);
      }),
      { numRuns: 150 },
    );
  });
});
