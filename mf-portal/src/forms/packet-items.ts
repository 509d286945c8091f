import type { Packet } from './forms-api.ts';

export interface PacketItem {
  kind: 'form' | 'consent';
  /** The form request's or consent request's id. */
  id: string;
}

/** One entry of a packet's `items` (`form:<id>` or `consent:<id>`); null for anything else. */
export function packetItem(entry: string): PacketItem | null {
  const [kind, id = ''] = entry.split(':');
  return (kind === 'form' || kind === 'consent') && id ? { kind, id } : null;
}

/** The consent requests some packet lists: the home shows those within their packet, not twice. */
export function consentsInPackets(packets: readonly Packet[]): Set<string> {
  return new Set(packets.flatMap((packet) => packet.items.map(packetItem).flatMap((item) => (item?.kind === 'consent' ? [item.id] : []))));
}
