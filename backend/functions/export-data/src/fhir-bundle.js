// The clinical record of a practice as one FHIR R4 Bundle of type `collection` (issue 17), mapped as
// shared/reference/practice-libraries.md §5 has it: clients → Patient, the practice → Practitioner +
// Organization, appointments → Appointment, attended ones also → Encounter, signed progress notes →
// DocumentReference (their addenda → DocumentReferences that `appends` the note), charges →
// ChargeItem, payments → PaymentReconciliation, invoices → Invoice, the audit log → AuditEvent,
// answered measures → QuestionnaireResponse + Observation (fhir-measures.js), the portal's consents
// and e-records decisions → Consent (fhir-consents.js). Typed with @types/fhir's R4 namespace; test/export-data.test.ts validates the output
// against HL7's published R4 JSON schema.
import { createHash } from 'node:crypto';
import { inCurrency } from '../../lib/money-format.js';
import { addendumCanonical, noteCanonical, sha256Hex } from '../../lib/note-canonical.js';
import { ownedBy } from '../../lib/owned-by.js';
import { Utf8Chunks } from '../../lib/utf8-chunks.js';
import { consentResources } from './fhir-consents.js';
import { measureResources } from './fhir-measures.js';

/**
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('fhir/r4').Bundle} Bundle
 * @typedef {import('fhir/r4').BundleEntry} BundleEntry
 * @typedef {import('fhir/r4').FhirResource} FhirResource
 * @typedef {import('fhir/r4').Patient} Patient
 * @typedef {import('fhir/r4').Practitioner} Practitioner
 * @typedef {import('fhir/r4').Organization} Organization
 * @typedef {import('fhir/r4').Appointment} Appointment
 * @typedef {import('fhir/r4').Encounter} Encounter
 * @typedef {import('fhir/r4').AuditEvent} AuditEvent
 * @typedef {import('fhir/r4').DocumentReference} DocumentReference
 * @typedef {import('fhir/r4').ChargeItem} ChargeItem
 * @typedef {import('fhir/r4').Invoice} Invoice
 * @typedef {import('fhir/r4').PaymentReconciliation} PaymentReconciliation
 * @typedef {import('fhir/r4').Money} Money
 * @typedef {import('fhir/r4').ContactPoint} ContactPoint
 * @typedef {import('fhir/r4').Address} Address
 * @typedef {import('fhir/r4').HumanName} HumanName
 */

/** Cadence's own code systems: a URI under a name this product controls. */
const SYSTEM = 'urn:cadence';
const NPI = 'http://hl7.org/fhir/sid/us-npi';
const CPT = 'http://www.ama-assn.org/go/cpt';
const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const LOINC = 'http://loinc.org';
/** The SHA-256 of a note's or addendum's canonical form (lib/note-canonical.js): its `contentHash`. */
const CONTENT_HASH = `${SYSTEM}:content-sha256`;
export const PRACTITIONER_ID = 'practitioner';
export const ORGANIZATION_ID = 'organization';

/** @param {unknown} value @returns {string | undefined} */
const text = (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** FHIR ids are [A-Za-z0-9-.]{1,64}; Appwrite's may also hold "_". @param {string} id */
export const fhirId = (id) => id.replace(/[^A-Za-z0-9.-]/g, '-').slice(0, 64);

/** @template T @param {(T | undefined | null | false | '')[]} items @returns {T[] | undefined} */
function list(items) {
  const kept = /** @type {T[]} */ (items.filter(Boolean));
  return kept.length ? kept : undefined;
}

/** @param {Doc} doc @returns {Address[] | undefined} */
function address(doc) {
  const line = list([text(doc['addressLine1']), text(doc['addressLine2'])]);
  const parts = { line, city: text(doc['city']), state: text(doc['state']), postalCode: text(doc['postalCode']) };
  return Object.values(parts).some(Boolean) ? [clean(parts)] : undefined;
}

/**
 * Drops undefined members: JSON.stringify would too, but the schema test looks at the objects. A
 * plain loop: the export cleans a few hundred thousand objects (issue 35).
 * @template {object} T @param {T} value @returns {T}
 */
function clean(value) {
  /** @type {Record<string, unknown>} */
  const kept = {};
  for (const key in value) {
    const member = /** @type {Record<string, unknown>} */ (value)[key];
    if (member !== undefined) kept[key] = member;
  }
  return /** @type {T} */ (kept);
}

/** @param {Doc} client @returns {Patient} */
export function patient(client) {
  /** @type {Patient} */
  const resource = {
    resourceType: 'Patient',
    id: fhirId(client.$id),
    identifier: [{ system: `${SYSTEM}:client`, value: client.$id }],
    active: client['status'] === 'active' || client['status'] === 'prospective',
    name: list([
      /** @type {HumanName} */ (clean({ use: 'official', family: text(client['lastName']), given: list([text(client['firstName'])]) })),
      text(client['preferredName']) && /** @type {HumanName} */ ({ use: 'usual', given: [String(text(client['preferredName']))] }),
    ]),
    telecom: list([
      text(client['phone']) && /** @type {ContactPoint} */ ({ system: 'phone', value: text(client['phone']) }),
      text(client['email']) && /** @type {ContactPoint} */ ({ system: 'email', value: text(client['email']) }),
    ]),
    birthDate: text(client['dateOfBirth']),
    address: address(client),
    contact: text(client['emergencyContactName']) || text(client['emergencyContactPhone'])
      ? [clean({
        relationship: text(client['emergencyContactRelationship'])
          ? [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'C', display: 'Emergency Contact' }], text: text(client['emergencyContactRelationship']) }]
          : [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'C', display: 'Emergency Contact' }] }],
        name: text(client['emergencyContactName']) ? { text: text(client['emergencyContactName']) } : undefined,
        telecom: text(client['emergencyContactPhone']) ? [{ system: /** @type {const} */ ('phone'), value: text(client['emergencyContactPhone']) }] : undefined,
      })]
      : undefined,
  };
  return clean(resource);
}

/** @param {Doc | undefined} practice @returns {[Practitioner, Organization]} */
export function practitionerAndOrganization(practice) {
  const phone = text(practice?.['phone']);
  const telecom = phone ? [/** @type {ContactPoint} */ ({ system: 'phone', value: phone })] : undefined;
  /** @type {Practitioner} */
  const practitioner = clean({
    resourceType: /** @type {const} */ ('Practitioner'),
    id: PRACTITIONER_ID,
    identifier: text(practice?.['npi']) ? [{ system: NPI, value: text(practice?.['npi']) }] : undefined,
    name: text(practice?.['therapistName']) ? [clean({ text: text(practice?.['therapistName']), suffix: list([text(practice?.['credentials'])]) })] : undefined,
    telecom,
  });
  /** @type {Organization} */
  const organization = clean({
    resourceType: /** @type {const} */ ('Organization'),
    id: ORGANIZATION_ID,
    active: true,
    name: text(practice?.['practiceName']),
    telecom,
    address: practice ? address(practice) : undefined,
  });
  return [practitioner, organization];
}

/** @type {Record<string, Appointment['status']>} */
const APPOINTMENT_STATUS = {
  scheduled: 'booked', show: 'fulfilled', cancelled: 'cancelled', late_cancelled: 'cancelled', clinician_cancelled: 'cancelled', no_show: 'noshow',
};

/**
 * @param {Doc} appointment
 * @param {Map<string, Doc>} services
 * @returns {Appointment}
 */
export function fhirAppointment(appointment, services) {
  const status = String(appointment['status']);
  const service = services.get(String(appointment['serviceId'] ?? ''));
  const start = text(appointment['start']);
  const end = text(appointment['end']);
  const minutes = start && end ? Math.round((Date.parse(end) - Date.parse(start)) / 60_000) : undefined;
  return clean({
    resourceType: /** @type {const} */ ('Appointment'),
    id: fhirId(appointment.$id),
    status: APPOINTMENT_STATUS[status] ?? 'booked',
    // practice-libraries §5: a late cancellation is `cancelled` with the practice's reason code.
    cancelationReason: status === 'late_cancelled' || status === 'clinician_cancelled'
      ? { coding: [{ system: `${SYSTEM}:cancel-reason`, code: status === 'late_cancelled' ? 'late-cancel' : 'clinician-cancel' }] }
      : undefined,
    serviceType: service ? [clean({ coding: text(service['serviceCode']) ? [{ system: CPT, code: text(service['serviceCode']) }] : undefined, text: text(service['name']) })] : undefined,
    start,
    end,
    minutesDuration: minutes && minutes > 0 ? minutes : undefined,
    participant: [
      { actor: { reference: `Patient/${fhirId(String(appointment['clientId']))}` }, status: /** @type {const} */ ('accepted') },
      { actor: { reference: `Practitioner/${PRACTITIONER_ID}` }, status: /** @type {const} */ ('accepted') },
    ],
  });
}

/** An attended appointment is also a session: a finished Encounter. @param {Doc} appointment @returns {Encounter} */
export function encounter(appointment) {
  const telehealth = appointment['locationType'] === 'telehealth';
  const start = text(appointment['start']);
  const end = text(appointment['end']);
  const minutes = start && end ? Math.round((Date.parse(end) - Date.parse(start)) / 60_000) : 0;
  return clean({
    resourceType: /** @type {const} */ ('Encounter'),
    id: fhirId(appointment.$id),
    status: /** @type {const} */ ('finished'),
    class: telehealth ? { system: ACT_CODE, code: 'VR', display: 'virtual' } : { system: ACT_CODE, code: 'AMB', display: 'ambulatory' },
    subject: { reference: `Patient/${fhirId(String(appointment['clientId']))}` },
    participant: [{ individual: { reference: `Practitioner/${PRACTITIONER_ID}` } }],
    appointment: [{ reference: `Appointment/${fhirId(appointment.$id)}` }],
    period: clean({ start, end }),
    length: minutes > 0 ? { value: minutes, unit: 'min', system: 'http://unitsofmeasure.org', code: 'min' } : undefined,
  });
}

/**
 * The notes that count as signed, each with its canonical form: a note whose status is signed AND —
 * where this deployment has note_signatures — whose signature (written by sign-note only, id = the
 * note's) holds the hash of the note as stored. A note merely marked signed through the API has none.
 * @param {readonly Doc[]} notes
 * @param {Map<string, Doc> | null} signatures by note id; null when the collection does not exist
 * @returns {{ note: Doc, canonical: string }[]}
 */
export function signedNotes(notes, signatures) {
  /** @type {{ note: Doc, canonical: string }[]} */
  const signed = [];
  for (const note of notes) {
    if (note['status'] !== 'signed') continue;
    const canonical = noteCanonical(note);
    const signature = signatures?.get(note.$id);
    if (signatures && !(signature && ownedBy(signature, String(note['userId'])) && signature['contentHash'] === sha256Hex(canonical))) continue;
    signed.push({ note, canonical });
  }
  return signed;
}

/** @param {Doc} doc @returns {string} "Dr. Ada Lane, PhD" */
const signer = (doc) => [text(doc['signerName']), text(doc['signerCredentials'])].filter(Boolean).join(', ') || 'Unknown signer';

/**
 * The signed text as an attachment: exactly the canonical bytes whose SHA-256 is the record's
 * contentHash (so anyone can check it), base64; FHIR's own `hash` is SHA-1 of the data.
 * @param {string} canonical
 * @param {string} title
 * @param {string | undefined} signedAt
 */
function signedAttachment(canonical, title, signedAt) {
  const bytes = Buffer.from(canonical, 'utf8');
  return clean({
    contentType: 'application/json',
    data: bytes.toString('base64'),
    size: bytes.length,
    hash: createHash('sha1').update(bytes).digest('base64'),
    title,
    creation: signedAt,
  });
}

/**
 * A signed progress note.
 * @param {Doc} note
 * @param {Set<string>} encounters the appointment ids exported as Encounters
 * @param {string} [canonical] its canonical form, when already made
 * @returns {DocumentReference}
 */
export function noteDocument(note, encounters, canonical = noteCanonical(note)) {
  const appointmentId = String(note['appointmentId'] ?? '');
  const signedAt = text(note['signedAt']);
  return clean({
    resourceType: /** @type {const} */ ('DocumentReference'),
    id: fhirId(note.$id),
    identifier: text(note['contentHash']) ? [{ system: CONTENT_HASH, value: text(note['contentHash']) }] : undefined,
    status: /** @type {const} */ ('current'),
    docStatus: /** @type {const} */ ('final'),
    type: { coding: [{ system: LOINC, code: '11506-3', display: 'Progress note' }], text: `Progress note (${text(note['template']) ?? 'free text'})` },
    subject: { reference: `Patient/${fhirId(String(note['clientId'] ?? ''))}` },
    date: signedAt,
    author: [{ reference: `Practitioner/${PRACTITIONER_ID}`, display: signer(note) }],
    authenticator: { reference: `Practitioner/${PRACTITIONER_ID}`, display: signer(note) },
    content: [{ attachment: signedAttachment(canonical, 'Signed progress note (canonical form)', signedAt) }],
    context: appointmentId
      ? encounters.has(appointmentId)
        ? { encounter: [{ reference: `Encounter/${fhirId(appointmentId)}` }] }
        : { related: [{ reference: `Appointment/${fhirId(appointmentId)}` }] }
      : undefined,
  });
}

/**
 * An addendum to a signed note: its own signed document that `appends` the note.
 * @param {Doc} addendum
 * @param {Doc} note
 * @returns {DocumentReference}
 */
export function addendumDocument(addendum, note) {
  const signedAt = text(addendum['signedAt']);
  return clean({
    resourceType: /** @type {const} */ ('DocumentReference'),
    id: fhirId(addendum.$id),
    identifier: text(addendum['contentHash']) ? [{ system: CONTENT_HASH, value: text(addendum['contentHash']) }] : undefined,
    status: /** @type {const} */ ('current'),
    docStatus: /** @type {const} */ ('final'),
    type: { coding: [{ system: LOINC, code: '11506-3', display: 'Progress note' }], text: 'Addendum to a progress note' },
    subject: { reference: `Patient/${fhirId(String(note['clientId'] ?? ''))}` },
    date: signedAt,
    author: [{ reference: `Practitioner/${PRACTITIONER_ID}`, display: signer(addendum) }],
    authenticator: { reference: `Practitioner/${PRACTITIONER_ID}`, display: signer(addendum) },
    relatesTo: [{ code: /** @type {const} */ ('appends'), target: { reference: `DocumentReference/${fhirId(note.$id)}` } }],
    content: [{ attachment: signedAttachment(addendumCanonical(addendum), 'Signed addendum (canonical form)', signedAt) }],
  });
}

/**
 * Minor units as FHIR Money (12050 USD → 120.5 USD).
 * @param {number} minor
 * @param {unknown} currency
 * @returns {Money}
 */
function money(minor, currency) {
  const code = typeof currency === 'string' && currency ? currency : 'USD';
  return { value: inCurrency(minor, code), currency: code };
}

/**
 * The money of the record (issue 16's ledger): each charge → ChargeItem (billed when on an invoice
 * that is not void, entered-in-error once voided), each payment → PaymentReconciliation (cancelled
 * once voided), each invoice → Invoice with its charges as line items. Reversing entries,
 * adjustments and refunds are in ledger-entries.csv only. One at a time, as the bundle is written
 * (issue 35: ~100,000 resources made all at once outlived the garbage collector's young generation).
 * @param {readonly Doc[]} entries ledger_entries
 * @param {readonly Doc[]} invoices client_invoices
 * @param {Set<string>} encounters the appointment ids exported as Encounters
 * @returns {Generator<FhirResource>}
 */
export function* moneyResources(entries, invoices, encounters) {
  const voided = new Set(entries.map((e) => text(e['voidsEntryId'])).filter(Boolean));
  const billed = new Set(invoices.filter((i) => i['status'] !== 'void').flatMap((i) => (Array.isArray(i['entryIds']) ? i['entryIds'].map(String) : [])));
  const original = entries.filter((e) => !text(e['voidsEntryId']));
  const charges = original.filter((e) => e['kind'] === 'charge');
  for (const e of charges) {
    const appointmentId = text(e['appointmentId']);
    /** @type {ChargeItem} */
    const charge = clean({
      resourceType: /** @type {const} */ ('ChargeItem'),
      id: fhirId(e.$id),
      status: voided.has(e.$id) ? /** @type {const} */ ('entered-in-error') : billed.has(e.$id) ? /** @type {const} */ ('billed') : /** @type {const} */ ('billable'),
      code: clean({ coding: [{ system: `${SYSTEM}:charge-type`, code: String(e['type'] ?? 'other') }], text: text(e['memo']) }),
      subject: { reference: `Patient/${fhirId(String(e['clientId'] ?? ''))}` },
      context: appointmentId && encounters.has(appointmentId) ? { reference: `Encounter/${fhirId(appointmentId)}` } : undefined,
      occurrenceDateTime: text(e['date']),
      priceOverride: typeof e['amount'] === 'number' ? money(e['amount'], e['currency']) : undefined,
    });
    yield charge;
  }
  for (const e of original) {
    if (e['kind'] !== 'payment' || typeof e['amount'] !== 'number') continue;
    /** @type {PaymentReconciliation} */
    const payment = clean({
      resourceType: /** @type {const} */ ('PaymentReconciliation'),
      id: fhirId(e.$id),
      status: voided.has(e.$id) ? /** @type {const} */ ('cancelled') : /** @type {const} */ ('active'),
      created: e.$createdAt,
      paymentDate: String(e['date'] ?? e.$createdAt.slice(0, 10)),
      // A payment lowers what the client owes: its ledger amount is negative.
      paymentAmount: money(-Number(e['amount']), e['currency']),
      paymentIdentifier: text(e['reference']) ? { value: text(e['reference']) } : undefined,
      disposition: `${String(e['type'] ?? 'other')} payment`,
    });
    yield payment;
  }
  /** @type {Record<string, Invoice['status']>} */
  const INVOICE_STATUS = { draft: 'draft', issued: 'issued', paid: 'balanced', void: 'cancelled' };
  const chargeIds = new Set(charges.map((e) => fhirId(e.$id)));
  for (const i of invoices) {
    /** @type {Invoice} */
    const bill = clean({
      resourceType: /** @type {const} */ ('Invoice'),
      id: fhirId(i.$id),
      identifier: text(i['number']) ? [{ system: `${SYSTEM}:invoice-number`, value: text(i['number']) }] : undefined,
      status: INVOICE_STATUS[String(i['status'])] ?? 'draft',
      cancelledReason: i['status'] === 'void' ? text(i['voidReason']) : undefined,
      subject: { reference: `Patient/${fhirId(String(i['clientId'] ?? ''))}` },
      date: text(i['issueDate']),
      lineItem: list((Array.isArray(i['entryIds']) ? i['entryIds'].map(String) : []).filter((id) => chargeIds.has(fhirId(id)))
        .map((id, n) => ({ sequence: n + 1, chargeItemReference: { reference: `ChargeItem/${fhirId(id)}` } }))),
      totalGross: typeof i['total'] === 'number' ? money(i['total'], i['currency']) : undefined,
    });
    yield bill;
  }
}

/** @type {Record<string, AuditEvent['action']>} */
const AUDIT_ACTION = { create: 'C', read: 'R', update: 'U', delete: 'D', export: 'R', import: 'C' };

/** @param {Doc} entry @returns {AuditEvent} */
export function auditEvent(entry) {
  const action = String(entry['action'] ?? '');
  const verb = action.split(/[._:]/).pop() ?? '';
  const ip = text(entry['ip']) ?? text(entry['ipAddress']);
  const entityType = text(entry['entityType']);
  const entityId = text(entry['entityId']);
  return clean({
    resourceType: /** @type {const} */ ('AuditEvent'),
    id: fhirId(entry.$id),
    type: { system: `${SYSTEM}:audit-action`, code: action || 'unknown' },
    action: AUDIT_ACTION[verb] ?? 'E',
    recorded: text(entry['at']) ?? entry.$createdAt,
    agent: [clean({
      who: { reference: `Practitioner/${PRACTITIONER_ID}` },
      requestor: true,
      network: ip ? { address: ip, type: /** @type {const} */ ('2') } : undefined,
    })],
    source: { observer: { reference: `Organization/${ORGANIZATION_ID}` } },
    entity: entityType || entityId ? [{ what: { display: [entityType, entityId].filter(Boolean).join('/') } }] : undefined,
  });
}

/**
 * @typedef {object} ClinicalRecord
 * @property {Doc | undefined} practice
 * @property {readonly Doc[]} clients
 * @property {readonly Doc[]} appointments
 * @property {Map<string, Doc>} services
 * @property {readonly Doc[]} [notes] progress notes (only the signed ones are exported here)
 * @property {readonly Doc[]} [addenda]
 * @property {Map<string, Doc> | null} [signatures] note_signatures by note id; null without the collection
 * @property {readonly Doc[]} [ledgerEntries]
 * @property {readonly Doc[]} [invoices] client_invoices
 * @property {readonly Doc[] | null} auditLog
 * @property {readonly Doc[]} [measureResponses] the clients' answered measures (of clients in the export)
 * @property {{ requests: readonly Doc[], esignRecords: readonly Doc[], signatures: readonly Doc[] }} [consents] the portal's consents (fhir-consents.js)
 * @property {string} timestamp
 */

/**
 * Every resource of the record, one at a time, in the bundle's order (a 2,000-client practice has
 * ~300,000: the export writes each as it comes instead of holding them all, issue 35).
 * @param {ClinicalRecord} record
 * @returns {Generator<FhirResource>}
 */
function* bundleResources({ practice, clients, appointments, services, notes = [], addenda = [], signatures = null, ledgerEntries = [], invoices = [], auditLog, measureResponses = [], consents }) {
  const patients = new Set(clients.map((c) => c.$id));
  const attended = appointments.filter((a) => a['status'] === 'show');
  const encounters = new Set(attended.map((a) => a.$id));
  const signed = signedNotes(notes, signatures);
  const signedById = new Map(signed.map(({ note }) => [note.$id, note]));
  yield* practitionerAndOrganization(practice);
  for (const client of clients) yield patient(client);
  for (const appointment of appointments) yield fhirAppointment(appointment, services);
  for (const appointment of attended) yield encounter(appointment);
  for (const { note, canonical } of signed) yield noteDocument(note, encounters, canonical);
  for (const addendum of addenda) {
    const note = signedById.get(String(addendum['noteId'] ?? ''));
    if (note) yield addendumDocument(addendum, note);
  }
  yield* moneyResources(ledgerEntries, invoices, encounters);
  for (const entry of auditLog ?? []) yield auditEvent(entry);
  for (const response of measureResponses) {
    if (patients.has(String(response['clientId']))) yield* measureResources(response, fhirId(String(response['clientId'])), fhirId);
  }
  if (consents) {
    yield* consentResources({
      requests: consents.requests.filter((r) => patients.has(String(r['clientId']))),
      esignRecords: consents.esignRecords.filter((r) => patients.has(String(r['clientId']))),
      signatures: consents.signatures,
    }, fhirId, ORGANIZATION_ID);
  }
}

/**
 * @param {ClinicalRecord} record
 * @returns {Bundle}
 */
export function clinicalBundle(record) {
  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: record.timestamp,
    entry: Array.from(bundleResources(record), (resource) => /** @type {BundleEntry} */ ({ resource })),
  };
}

/**
 * The bundle as UTF-8 JSON: exactly `JSON.stringify(clinicalBundle(record))`, written a resource at
 * a time into buffers (lib/utf8-chunks.js), so its ~300,000 resources and ~130 MB of text are never
 * held whole, as objects or as text (issue 35: holding them made the export's garbage collector copy
 * them again and again).
 * @param {ClinicalRecord} record
 * @returns {{ bytes: Buffer[], entries: number }} `bytes`: the JSON's bytes in chunks, in order
 */
export function clinicalBundleJson(record) {
  const out = new Utf8Chunks();
  out.write(`${JSON.stringify({ resourceType: 'Bundle', type: 'collection', timestamp: record.timestamp }).slice(0, -1)},"entry":[`);
  let entries = 0;
  for (const resource of bundleResources(record)) {
    out.write(`${entries ? ',' : ''}{"resource":${JSON.stringify(resource)}}`);
    entries += 1;
  }
  out.write(']}');
  return { bytes: out.chunks(), entries };
}
