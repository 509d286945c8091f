// The Security log names each record as the therapist knows it — the client's name, the session's
// date — instead of its id. Read here with the therapist's own session (the account remote imports
// no other remote), one query per kind of record for the page shown; a record deleted since, or one
// that is not the therapist's own, keeps its plain kind and id.
import { appwrite, formatDate, formatDateTime, getConfig, Query } from '@cadence/shared-auth';
import type { Models } from 'appwrite';
import type { AuditEntry } from './security-log-rules.ts';

type Doc = Models.Document & Record<string, unknown>;

/** The collections behind each audited record kind. */
const COLLECTIONS = {
  client: 'clients',
  service: 'services',
  appointment: 'appointments',
  progress_note: 'progress_notes',
  note_signature: 'note_signatures',
  note_addendum: 'note_addenda',
  private_note: 'private_notes',
  ledger_entry: 'ledger_entries',
  invoice: 'client_invoices',
} as const;

type Kind = keyof typeof COLLECTIONS;
const NOTE_KINDS: readonly Kind[] = ['progress_note', 'note_signature', 'note_addendum', 'private_note'];

/** What each kind reads of its documents: never clinical text (a private note's `text` is not selected). */
const FIELDS: Record<Kind, string[]> = {
  client: ['firstName', 'lastName', 'preferredName'],
  service: ['name', 'serviceCode'],
  appointment: ['clientId', 'start'],
  progress_note: ['appointmentId'],
  note_signature: ['appointmentId'],
  note_addendum: ['appointmentId'],
  private_note: ['appointmentId'],
  ledger_entry: ['clientId', 'kind'],
  invoice: ['clientId', 'number'],
};

/** A document is the therapist's own when every permission on it is theirs (as everywhere in Cadence). */
const ownBy = (userId: string) => (doc: Doc) => doc['userId'] === userId && doc.$permissions.every((p) => p.includes(`"user:${userId}"`));

async function read(kind: Kind, ids: readonly string[], userId: string): Promise<Map<string, Doc>> {
  const unique = [...new Set(ids)].filter(Boolean).slice(0, 100);
  if (unique.length === 0) return new Map();
  const list = await appwrite().databases.listDocuments<Doc>({
    databaseId: getConfig().databaseId,
    collectionId: COLLECTIONS[kind],
    queries: [Query.equal('$id', unique), Query.select(['$id', 'userId', ...FIELDS[kind]]), Query.limit(unique.length)],
    total: false,
  });
  return new Map(list.documents.filter(ownBy(userId)).map((doc) => [doc.$id, doc]));
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** "Jane Doe", or "Jane (Janie) Doe" when the client goes by another name. */
function clientName(doc: Doc): string {
  const preferred = text(doc['preferredName']);
  const first = text(doc['firstName']);
  return [first, preferred && preferred !== first ? `(${preferred})` : '', text(doc['lastName'])].filter(Boolean).join(' ');
}

/** "Tue, Dec 1, 2026" (and ", 9:30 AM") in the browser's zone. */
function sessionWhen(iso: string, withTime: boolean): string {
  return withTime ? formatDateTime(iso) : formatDate(iso);
}

const LEDGER_KINDS: Record<string, string> = { charge: 'Charge', payment: 'Payment', adjustment: 'Adjustment', refund: 'Refund' };

/** Each entry's record as a name (entry $id → name); entries whose record can't be named are left out. */
export async function recordNames(entries: readonly AuditEntry[], userId: string): Promise<Map<string, string>> {
  const idsOf = (kinds: readonly string[]) => entries.filter((e) => kinds.includes(e.entityType)).map((e) => e.entityId ?? '');
  const kinds = Object.keys(COLLECTIONS) as Kind[];
  const direct = new Map<Kind, Map<string, Doc>>(
    await Promise.all(kinds.filter((kind) => kind !== 'client' && kind !== 'appointment').map(async (kind) => [kind, await read(kind, idsOf([kind]), userId)] as const)),
  );
  // Notes lead to their appointment; appointments, ledger entries and invoices to their client.
  const noteAppointments = NOTE_KINDS.flatMap((kind) => [...(direct.get(kind)?.values() ?? [])].map((doc) => text(doc['appointmentId'])));
  const appointments = await read('appointment', [...idsOf(['appointment']), ...noteAppointments], userId);
  const clientIds = [
    ...idsOf(['client']),
    ...[...appointments.values()].map((doc) => text(doc['clientId'])),
    ...[...(direct.get('ledger_entry')?.values() ?? []), ...(direct.get('invoice')?.values() ?? [])].map((doc) => text(doc['clientId'])),
  ];
  const clients = await read('client', clientIds, userId);
  const nameOf = (clientId: string) => {
    const client = clients.get(clientId);
    return client ? clientName(client) : '';
  };
  const appointmentName = (appointmentId: string, withTime: boolean) => {
    const appointment = appointments.get(appointmentId);
    if (!appointment) return '';
    const who = nameOf(text(appointment['clientId']));
    const when = sessionWhen(text(appointment['start']), withTime);
    return [who, when && `session of ${when}`].filter(Boolean).join(', ');
  };

  const names = new Map<string, string>();
  for (const entry of entries) {
    const id = entry.entityId ?? '';
    const kind = entry.entityType as Kind;
    let name = '';
    if (kind === 'client') name = clients.has(id) ? nameOf(id) : '';
    else if (kind === 'appointment') name = appointmentName(id, true);
    else if (NOTE_KINDS.includes(kind)) {
      const note = direct.get(kind)?.get(id);
      name = note ? appointmentName(text(note['appointmentId']), false) : '';
    } else if (kind === 'service') {
      const service = direct.get('service')?.get(id);
      name = service ? [text(service['name']), text(service['serviceCode']) && `(${text(service['serviceCode'])})`].filter(Boolean).join(' ') : '';
    } else if (kind === 'ledger_entry') {
      const ledger = direct.get('ledger_entry')?.get(id);
      const who = ledger ? nameOf(text(ledger['clientId'])) : '';
      name = ledger && who ? `${LEDGER_KINDS[text(ledger['kind'])] ?? 'Entry'} for ${who}` : '';
    } else if (kind === 'invoice') {
      const invoice = direct.get('invoice')?.get(id);
      const who = invoice ? nameOf(text(invoice['clientId'])) : '';
      name = invoice ? [text(invoice['number']), who && `for ${who}`].filter(Boolean).join(' ') : '';
    }
    if (name) names.set(entry.$id, name);
  }
  return names;
}
