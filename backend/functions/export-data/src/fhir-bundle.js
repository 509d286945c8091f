// The clinical record of a practice as one FHIR R4 Bundle of type `collection` (issue 17), mapped as
// shared/reference/practice-libraries.md §5 has it: clients → Patient, the practice → Practitioner +
// Organization, appointments → Appointment, attended ones also → Encounter, the audit log →
// AuditEvent. Typed with @types/fhir's R4 namespace; test/export-data.test.ts validates the output
// against HL7's published R4 JSON schema.

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
 * @typedef {import('fhir/r4').ContactPoint} ContactPoint
 * @typedef {import('fhir/r4').Address} Address
 * @typedef {import('fhir/r4').HumanName} HumanName
 */

/** Cadence's own code systems: a URI under a name this product controls. */
const SYSTEM = 'urn:cadence';
const NPI = 'http://hl7.org/fhir/sid/us-npi';
const CPT = 'http://www.ama-assn.org/go/cpt';
const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
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
 * Drops undefined members: JSON.stringify would too, but the schema test looks at the objects.
 * @template {object} T @param {T} value @returns {T}
 */
function clean(value) {
  return /** @type {T} */ (Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
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
 * @param {{ practice: Doc | undefined, clients: readonly Doc[], appointments: readonly Doc[], services: Map<string, Doc>, auditLog: readonly Doc[] | null, timestamp: string }} record
 * @returns {Bundle}
 */
export function clinicalBundle({ practice, clients, appointments, services, auditLog, timestamp }) {
  /** @type {FhirResource[]} */
  const resources = [
    ...practitionerAndOrganization(practice),
    ...clients.map(patient),
    ...appointments.map((a) => fhirAppointment(a, services)),
    ...appointments.filter((a) => a['status'] === 'show').map(encounter),
    ...(auditLog ?? []).map(auditEvent),
  ];
  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp,
    entry: resources.map((resource) => /** @type {BundleEntry} */ ({ resource })),
  };
}
