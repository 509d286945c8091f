// Issue 35: the export writes its FHIR bundle a resource at a time (clinicalBundleJson) instead of
// building the whole Bundle and stringifying it; the bytes must be exactly JSON.stringify of the
// Bundle clinicalBundle builds (which the export tests validate against the R4 schema), across its
// chunks (lib/utf8-chunks.js), with text outside ASCII and with nothing in it at all.
import { describe, expect, it } from 'vitest';
import { clinicalBundle, clinicalBundleJson } from '../functions/export-data/src/fhir-bundle.js';
import { noteContentHash } from '../functions/lib/note-canonical.js';

type Doc = Parameters<typeof clinicalBundle>[0]['clients'][number];

const USER = 'therapist-1';
const owned = [`read("user:${USER}")`, `update("user:${USER}")`, `delete("user:${USER}")`];
const doc = (id: string, fields: Record<string, unknown>): Doc => ({
  $id: id, $sequence: '1', $collectionId: 'c', $databaseId: 'main', $createdAt: '2026-01-05T10:00:00.000Z',
  $updatedAt: '2026-01-05T10:00:00.000Z', $permissions: owned, userId: USER, ...fields,
}) as unknown as Doc;

/** A practice of `clients` clients, each with weekly appointments, signed notes, charges and payments. */
function practiceRecord(clients: number) {
  const clientDocs: Doc[] = [];
  const appointments: Doc[] = [];
  const notes: Doc[] = [];
  const signatures = new Map<string, Doc>();
  const ledgerEntries: Doc[] = [];
  for (let c = 0; c < clients; c += 1) {
    const clientId = `client-${c}`;
    clientDocs.push(doc(clientId, { firstName: c % 2 ? 'Zoë' : 'Ana', lastName: `Müller—${c} 🌿`, status: 'active', email: `c${c}@example.test` }));
    for (let w = 0; w < 12; w += 1) {
      const id = `appt-${c}-${w}`;
      const start = new Date(Date.UTC(2026, 0, 5 + w * 7, 15)).toISOString();
      appointments.push(doc(id, { clientId, serviceId: 'svc-1', status: w % 5 ? 'show' : 'cancelled', start, end: new Date(Date.parse(start) + 50 * 60_000).toISOString() }));
      if (w % 5) {
        const note = doc(`note-${c}-${w}`, {
          clientId, appointmentId: id, status: 'signed', template: 'soap', content: `Sesión ${w}: “progress” — 😊 ${'x'.repeat(200)}`,
          signedAt: start, signerName: 'Dr. Ada Lane', signerCredentials: 'PhD', diagnosisCodes: ['F41.1'], interventions: ['CBT'],
        });
        notes.push(note);
        signatures.set(note.$id, doc(note.$id, { contentHash: noteContentHash(note as unknown as Record<string, unknown>) }));
        ledgerEntries.push(doc(`charge-${c}-${w}`, { clientId, appointmentId: id, kind: 'charge', type: 'session_fee', amount: 15000, currency: 'USD', date: start.slice(0, 10) }));
        ledgerEntries.push(doc(`pay-${c}-${w}`, { clientId, kind: 'payment', type: 'card', amount: -15000, currency: 'USD', date: start.slice(0, 10) }));
      }
    }
  }
  return {
    practice: doc('practice', { practiceName: 'Lane Counseling', therapistName: 'Ada Lane', npi: '1234567893' }),
    clients: clientDocs, appointments, services: new Map([['svc-1', doc('svc-1', { name: 'Individual therapy', serviceCode: '90837' })]]),
    notes, signatures, ledgerEntries, invoices: [], auditLog: [], timestamp: '2026-11-29T12:00:00.000Z',
  };
}

describe('clinicalBundleJson', () => {
  it('writes exactly JSON.stringify of the Bundle, over many chunks, with text outside ASCII', () => {
    const record = practiceRecord(120);
    const { bytes: chunks, entries } = clinicalBundleJson(record);
    const bytes = Buffer.concat(chunks);
    const bundle = clinicalBundle(record);
    expect(chunks.length).toBeGreaterThan(2);
    expect(bytes.length).toBeGreaterThan(3 << 20);
    expect(entries).toBe(bundle.entry?.length);
    expect(entries).toBe(2 + 120 + 120 * 12 + 120 * 9 * 4);
    expect(bytes.equals(Buffer.from(JSON.stringify(bundle), 'utf8'))).toBe(true);
  });

  it('a forged signature leaves its note out, as the Bundle does', () => {
    const record = practiceRecord(2);
    const forged = record.notes[0] as Doc;
    record.signatures.set(forged.$id, doc(forged.$id, { contentHash: '0'.repeat(64) }));
    const { bytes, entries } = clinicalBundleJson(record);
    const bundle = clinicalBundle(record);
    expect(entries).toBe(bundle.entry?.length);
    expect(bundle.entry?.some((e) => e.resource?.id === forged.$id)).toBe(false);
    expect(Buffer.concat(bytes).toString('utf8')).toBe(JSON.stringify(bundle));
  });

  it('an empty practice is a Bundle with no entries beyond the practitioner and organization', () => {
    const record = { clients: [], appointments: [], services: new Map(), auditLog: null, timestamp: '2026-11-29T12:00:00.000Z', practice: undefined };
    const { bytes, entries } = clinicalBundleJson(record);
    expect(entries).toBe(2);
    expect(Buffer.concat(bytes).toString('utf8')).toBe(JSON.stringify(clinicalBundle(record)));
  });
});
