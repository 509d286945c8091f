import type { PacketItem } from './forms-api.ts';

// A packet's entries as a service stores them (services.intakePacket; backend/functions/lib/packets.js
// reads the same) and the packet builder holds them: `template:<id>` for a Cadence form template,
// `form:<id>` for the therapist's own form, `consent:<id>` for a consent template.

const ENTRY = /^(template|form|consent):([A-Za-z0-9][A-Za-z0-9._-]{0,35})$/;
export const MAX_PACKET_ENTRIES = 12;

/** What send-forms is asked to send for an entry; null for one that is not an entry. */
export function packetItemOf(entry: string): PacketItem | null {
  const [, kind, id] = ENTRY.exec(entry) ?? [];
  if (!id) return null;
  if (kind === 'form') return { kind: 'form', formId: id };
  return { kind: kind === 'consent' ? 'consent' : 'form', templateId: id };
}

/** Whether each entry names something a packet can hold (the services schema checks a stored packet so). */
export function isPacketEntry(entry: string): boolean {
  return ENTRY.test(entry);
}

