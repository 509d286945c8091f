// The portal's consents (issue 31) in the export's FHIR R4 Bundle: each consent sent to a client as a
// Consent (proposed until signed, then active, with who signed, in what relationship and when, and
// the SHA-256 of the exact text signed), and each e-records decision as a Consent of its own (the
// client's newest acceptance active, older ones inactive, a withdrawal rejected: a request for
// paper). The text itself is in consent-requests.csv; the signed PDFs under signed-consents/.

/**
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('fhir/r4').Consent} Consent
 */

const LOINC = 'http://loinc.org';
const SCOPE = 'http://terminology.hl7.org/CodeSystem/consentscope';
const CONTENT_HASH = 'urn:cadence:content-sha256';
// LOINC 59284-0 "Consent Document", as HL7's R4 Consent examples categorise consent forms.
const CONSENT_DOCUMENT = { system: LOINC, code: '59284-0', display: 'Consent Document' };
export const ESIGN_TITLE = 'Consent to electronic records and signatures';

const str = (/** @type {unknown} */ v) => (typeof v === 'string' && v ? v : undefined);

/**
 * @param {{ requests: readonly Doc[], esignRecords: readonly Doc[], signatures: readonly Doc[] }} consents
 * @param {(id: string) => string} fhirId
 * @param {string} organizationId
 * @returns {Consent[]}
 */
export function consentResources({ requests, esignRecords, signatures }, fhirId, organizationId) {
  const signatureOf = new Map(signatures.map((s) => [String(s['requestId'] ?? s.$id), s]));
  const organization = [{ reference: `Organization/${organizationId}` }];
  /** @type {Consent[]} */
  const sent = requests.map((request) => {
    const patient = { reference: `Patient/${fhirId(String(request['clientId'] ?? ''))}` };
    const signature = request['status'] === 'signed' ? signatureOf.get(request.$id) : undefined;
    const title = String(request['title'] ?? 'Consent');
    /** @type {Consent} */
    const consent = {
      resourceType: 'Consent',
      id: `consent-${fhirId(request.$id)}`,
      identifier: str(request['contentHash']) ? [{ system: CONTENT_HASH, value: String(request['contentHash']) }] : undefined,
      status: signature ? 'active' : 'proposed',
      scope: { coding: [{ system: SCOPE, code: 'treatment', display: 'Treatment' }] },
      category: [{ coding: [CONSENT_DOCUMENT], text: title }],
      patient,
      dateTime: str(signature?.['signedAt']) ?? str(request['sentAt']),
      performer: signature ? [{ ...patient, display: `${String(signature['signerName'] ?? '')} (${String(signature['relationship'] ?? 'self')})` }] : undefined,
      organization,
      policyRule: { text: `${title}, version ${String(request['templateVersion'] ?? '')}` },
      verification: signature ? [{ verified: true, verificationDate: str(signature['signedAt']) }] : undefined,
    };
    return JSON.parse(JSON.stringify(consent));
  });
  // The newest record per client decides (esign-consent); older acceptances are history.
  const newest = new Map();
  for (const record of esignRecords) {
    const key = String(record['clientId'] ?? '');
    const at = String(record['at'] ?? '');
    if (!newest.has(key) || String(newest.get(key)['at'] ?? '') <= at) newest.set(key, record);
  }
  /** @type {Consent[]} */
  const esign = esignRecords.map((record) => {
    const withdraw = record['action'] === 'withdraw';
    /** @type {Consent} */
    const consent = {
      resourceType: 'Consent',
      id: `esign-consent-${fhirId(record.$id)}`,
      identifier: str(record['disclosureHash']) ? [{ system: CONTENT_HASH, value: String(record['disclosureHash']) }] : undefined,
      status: withdraw ? 'rejected' : newest.get(String(record['clientId'] ?? '')) === record ? 'active' : 'inactive',
      scope: { coding: [{ system: SCOPE, code: 'patient-privacy', display: 'Privacy Consent' }] },
      category: [{ coding: [CONSENT_DOCUMENT], text: ESIGN_TITLE }],
      patient: { reference: `Patient/${fhirId(String(record['clientId'] ?? ''))}` },
      dateTime: str(record['at']),
      organization,
      policyRule: { text: `${ESIGN_TITLE}, version ${String(record['disclosureVersion'] ?? '')}` },
      provision: { type: withdraw ? 'deny' : 'permit' },
    };
    return JSON.parse(JSON.stringify(consent));
  });
  return [...sent, ...esign];
}
