// Packets (issue 31 "Paperwork — Packets"): what send-forms and service-packets share. A packet is
// forms and consents in the therapist's order. Each form is copied, exactly as it is now, into its
// form_requests document (so fill-form validates against the very version sent, whatever the
// template or the therapist's copy becomes); each consent is a consent_requests document as
// send-consent writes it. Everything is readable by the therapist and the packet's audience and
// written by the functions only.
//
// A service's intake packet (services.intakePacket, written by the therapist's browser and so
// checked again here) goes out once per client and service: its ids derive from the two, so a
// redelivered event, an invitation after the booking, or a crash halfway each end with one packet.
import { createHash } from 'node:crypto';
import { ID, Query } from 'node-appwrite';
import { consentContentHash } from './consent-signing.js';
import { consentTemplate } from './consent-templates.js';
import { auditConsent, documentOrNull } from './consent-store.js';
import { formRequestSummary } from './form-requests.js';
import { formTemplateOf } from './form-templates.js';
import { appwriteDate, Refusal } from './note-signing.js';
import { ownedBy } from './owned-by.js';
import { recipientsOf } from './portal-people.js';
import { questionnaireProblems } from './questionnaire.js';
import { ID_RE } from './ids.js';

export const MAX_PACKET_ITEMS = 12;

export const PACKET_MESSAGES = {
  items: `Choose between 1 and ${MAX_PACKET_ITEMS} forms or documents to send.`,
  item: 'Choose a form or document from the list.',
};

/**
 * @typedef {import('./consent-store.js').Run} Run
 * @typedef {{ kind: 'form', formRef: string, version: number, questionnaire: import('./questionnaire.js').Questionnaire }
 *   | { kind: 'consent', template: { id: string, title: string, body: string, version: string } }} PacketItem
 * @typedef {{ clientUserId: string | null, audience: string, permissions: string[] }} Recipients
 */

/**
 * One item as the browser names it ({kind:'form', templateId} | {kind:'form', formId} |
 * {kind:'consent', templateId}), resolved to what will be sent; null when it is not (or no longer)
 * one the therapist may send.
 * @param {Pick<Run, 'databases' | 'c' | 'userId'>} run
 * @param {unknown} raw
 * @returns {Promise<PacketItem | null>}
 */
async function packetItem({ databases, c, userId }, raw) {
  const item = raw && typeof raw === 'object' ? /** @type {Record<string, unknown>} */ (raw) : {};
  if (item['kind'] === 'consent') {
    const template = typeof item['templateId'] === 'string' ? consentTemplate(item['templateId']) : null;
    return template ? { kind: 'consent', template } : null;
  }
  if (item['kind'] !== 'form') return null;
  if (typeof item['formId'] === 'string' && ID_RE.test(item['formId'])) {
    // The therapist's own copy (the forms collection their browser writes).
    const form = await documentOrNull(databases, c.databaseId, c.forms, item['formId']);
    if (!form || !ownedBy(form, userId) || form['archived']) return null;
    /** @type {unknown} */
    let questionnaire;
    try {
      questionnaire = JSON.parse(String(form['questionnaire']));
    } catch {
      return null;
    }
    if (questionnaireProblems(questionnaire).length) return null;
    return { kind: 'form', formRef: form.$id, version: Number(form['version']) || 1, questionnaire: /** @type {import('./questionnaire.js').Questionnaire} */ (questionnaire) };
  }
  const template = formTemplateOf(item['templateId']);
  return template ? { kind: 'form', formRef: String(template.id), version: Number(template.version), questionnaire: template } : null;
}

/**
 * What each item of a packet will be, checked before anything is written (400 naming the first
 * item that is not one the therapist may send).
 * @param {Pick<Run, 'databases' | 'c' | 'userId'>} run
 * @param {unknown} input
 * @returns {Promise<PacketItem[]>}
 */
export async function packetItems(run, input) {
  if (!Array.isArray(input) || input.length === 0 || input.length > MAX_PACKET_ITEMS) throw new Refusal(400, PACKET_MESSAGES.items, 'items');
  /** @type {PacketItem[]} */
  const items = [];
  for (const [i, raw] of input.entries()) {
    const item = await packetItem(run, raw);
    if (!item) throw new Refusal(400, PACKET_MESSAGES.item, `items.${i}`);
    items.push(item);
  }
  return items;
}

/**
 * Creates a document unless one of that id exists (a packet's deterministic ids make a retry safe).
 * @param {Run['databases']} databases
 * @param {{ databaseId: string, collectionId: string, documentId: string, data: Record<string, unknown>, permissions: string[] }} args
 * @returns {Promise<{ doc: import('node-appwrite').Models.DefaultDocument, created: boolean }>}
 */
async function createOnce(databases, args) {
  try {
    return { doc: await databases.createDocument(args), created: true };
  } catch (e) {
    if (e && typeof e === 'object' && 'code' in e && e.code === 409) return { doc: await databases.getDocument(args), created: false };
    throw e;
  }
}

/**
 * Writes a packet's requests and then the packet. With `packetId` chosen by the caller the item ids
 * derive from it and every write tolerates an existing document, so writing the same packet again
 * completes it instead of doubling it.
 * @param {Run} run
 * @param {{ clientId: string, to: Recipients, items: PacketItem[], packetId?: string, serviceId?: string }} packet
 */
export async function writePacket(run, { clientId, to, items, packetId: chosenId, serviceId }) {
  const { databases, c, userId } = run;
  const sentAt = appwriteDate(new Date());
  const packetId = chosenId ?? ID.unique();
  const itemId = (/** @type {number} */ i) => (chosenId ? `${chosenId.slice(0, 32)}-${i}` : ID.unique());
  const { clientUserId, audience, permissions } = to;
  /** @type {string[]} */
  const order = [];
  const forms = [];
  const consents = [];
  for (const [i, item] of items.entries()) {
    if (item.kind === 'form') {
      const { doc: request } = await createOnce(databases, {
        databaseId: c.databaseId, collectionId: c.formRequests, documentId: itemId(i),
        data: {
          userId, clientId, clientUserId, audience, packetId, formRef: item.formRef, formVersion: item.version, title: item.questionnaire.title,
          questionnaire: JSON.stringify(item.questionnaire), status: 'sent', sentAt, round: 1, draftRevision: 0,
        },
        permissions,
      });
      order.push(`form:${request.$id}`);
      forms.push(formRequestSummary(request));
    } else {
      const { template } = item;
      const { doc: request, created } = await createOnce(databases, {
        databaseId: c.databaseId, collectionId: c.consentRequests, documentId: itemId(i),
        data: {
          userId, clientId, clientUserId, audience, templateId: template.id, templateVersion: template.version, title: template.title, body: template.body,
          contentHash: consentContentHash(template), status: 'sent', sentAt,
        },
        permissions,
      });
      // The same audit entry send-consent writes: a consent sent in a packet is a consent sent.
      if (created) await auditConsent(run, userId, { action: 'consent.send', entityType: 'consent_request', entityId: request.$id });
      order.push(`consent:${request.$id}`);
      consents.push({ $id: request.$id, templateId: template.id, title: template.title, status: String(request['status']), sentAt: String(request['sentAt']) });
    }
  }
  const { doc: packet } = await createOnce(databases, {
    databaseId: c.databaseId, collectionId: c.formPackets, documentId: packetId,
    data: { userId, clientId, clientUserId, audience, items: order, sentAt, serviceId: serviceId ?? null }, permissions,
  });
  return { packet: { $id: packet.$id, items: order, sentAt: String(packet['sentAt']) }, forms, consents };
}

/**
 * The packet a service sends a client: one per client and service, whoever books and however often.
 * @param {string} clientId
 * @param {string} serviceId
 */
export function servicePacketId(clientId, serviceId) {
  return `sp${createHash('sha256').update(`${clientId}:${serviceId}`).digest('hex').slice(0, 30)}`;
}

/**
 * A service's stored intake packet as packet items: `template:<id>` (a Cadence form template),
 * `form:<id>` (the therapist's own form), `consent:<id>` (a consent template).
 * @param {unknown} stored
 * @returns {Array<{ kind: 'form' | 'consent', templateId?: string, formId?: string }>}
 */
export function intakePacketInput(stored) {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    /** @type {Array<{ kind: 'form' | 'consent', templateId?: string, formId?: string }>} */
    const none = [];
    const [kind, id] = typeof entry === 'string' ? entry.split(':', 2) : [];
    if (!id) return none;
    if (kind === 'template') return [{ kind: 'form', templateId: id }];
    if (kind === 'form') return [{ kind: 'form', formId: id }];
    if (kind === 'consent') return [{ kind: 'consent', templateId: id }];
    return none;
  });
}

/**
 * Sends the intake packets of the services a client is booked for that were not sent yet — after
 * a booking, and after an invitation (a client booked before being invited gets them then).
 * Items the therapist can no longer send (an archived form) are left out and counted.
 * @param {Run} run  userId is the therapist
 * @param {import('node-appwrite').Models.DefaultDocument} record  the therapist's client record
 * @param {string[]} serviceIds
 * @returns {Promise<Array<{ serviceId: string, packetId: string, items: number, skipped: number }>>}
 */
export async function sendServicePackets(run, record, serviceIds) {
  const { databases, c, userId } = run;
  const sent = [];
  for (const serviceId of new Set(serviceIds)) {
    const service = await documentOrNull(databases, c.databaseId, c.services, serviceId);
    if (!service || !ownedBy(service, userId)) continue;
    const input = intakePacketInput(service['intakePacket']).slice(0, MAX_PACKET_ITEMS);
    if (input.length === 0) continue;
    const packetId = servicePacketId(record.$id, serviceId);
    // The packet document is written last: when it exists, the packet went out whole.
    if (await documentOrNull(databases, c.databaseId, c.formPackets, packetId)) continue;
    const to = await recipientsOf(databases, c, userId, record, undefined);
    if (!to) continue;
    const resolved = await Promise.all(input.map((item) => packetItem(run, item)));
    const items = resolved.filter((item) => item !== null);
    if (items.length === 0) continue;
    await writePacket(run, { clientId: record.$id, to, items, packetId, serviceId });
    run.log(`service packet ${packetId}: ${items.length} sent, ${resolved.length - items.length} left out`);
    sent.push({ serviceId, packetId, items: items.length, skipped: resolved.length - items.length });
  }
  return sent;
}

/**
 * The services of a client's upcoming, still-booked appointments: what an invitation catches up on.
 * @param {Pick<Run, 'databases' | 'c' | 'userId'>} run
 * @param {string} clientId
 */
export async function upcomingServiceIds({ databases, c, userId }, clientId) {
  const upcoming = await databases.listDocuments({
    databaseId: c.databaseId, collectionId: c.appointments,
    queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.greaterThanEqual('start', new Date().toISOString()), Query.equal('status', 'scheduled'), Query.limit(100)],
  });
  return upcoming.documents.filter((a) => ownedBy(a, userId) && typeof a['serviceId'] === 'string' && a['serviceId']).map((a) => String(a['serviceId']));
}
