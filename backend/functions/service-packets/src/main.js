// service-packets (issue 31 "Paperwork — Packets"): runs on Appwrite's appointment create event
// (backend/appwrite.json `events`). When the appointment's service has an intake packet
// (services.intakePacket) and the client has not had it yet, the packet goes to the client's portal
// (lib/packets.js sendServicePackets: one per client and service, so a series, a rebooking or a
// redelivered event sends nothing twice). A client not invited yet gets it with the invitation
// (invite-client). The event's payload is never trusted: the appointment, client and service are
// read again and must all be the same therapist's. The answer carries ids and counts only.
import { Databases, Storage, Users } from 'node-appwrite';
import { collectionsFromEnv } from '../../lib/collections.js';
import { documentOrNull } from '../../lib/consent-store.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { ownedBy } from '../../lib/owned-by.js';
import { sendServicePackets } from '../../lib/packets.js';

/** @param {import('../../lib/execution.js').Context} context */
export default async ({ req, res, log, error }) => {
  const payload = readBody(req.bodyText);
  const appointmentId = typeof payload['$id'] === 'string' ? payload['$id'] : '';
  if (!appointmentId) return res.json({ success: false, error: 'No appointment in the event.' }, 400);
  try {
    const client = serverClient(req);
    const databases = new Databases(client);
    const c = collectionsFromEnv(process.env);
    const appointment = await documentOrNull(databases, c.databaseId, c.appointments, appointmentId);
    const userId = String(appointment?.['userId'] ?? '');
    if (!appointment || !ownedBy(appointment, userId) || appointment['status'] !== 'scheduled' || !appointment['serviceId']) {
      return res.json({ success: true, appointmentId, sent: [] });
    }
    const record = await documentOrNull(databases, c.databaseId, c.clients, String(appointment['clientId']));
    if (!record || !ownedBy(record, userId)) return res.json({ success: true, appointmentId, sent: [] });
    const run = { databases, users: new Users(client), storage: new Storage(client), c, userId, req, log };
    const sent = await sendServicePackets(run, record, [String(appointment['serviceId'])]);
    return res.json({ success: true, appointmentId, sent });
  } catch (e) {
    error(`service-packets ${appointmentId.slice(0, 36)} failed: ${messageOf(e)}`);
    return res.json({ success: false, error: 'The intake packet could not be sent.' }, 500);
  }
};
