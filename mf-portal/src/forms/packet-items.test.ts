import { describe, expect, it } from 'vitest';
import type { Packet } from './forms-api.ts';
import { consentsInPackets, packetItem } from './packet-items.ts';

const packet = (items: string[]): Packet => ({ id: 'p', practiceId: 'pr', accessId: 'a', items, sentAt: '2026-11-28T10:00:00.000Z' });

describe('packet items', () => {
  it('reads form and consent entries and nothing else', () => {
    expect(packetItem('form:f1')).toEqual({ kind: 'form', id: 'f1' });
    expect(packetItem('consent:c1')).toEqual({ kind: 'consent', id: 'c1' });
    expect(packetItem('measure:m1')).toBeNull();
    expect(packetItem('consent:')).toBeNull();
    expect(packetItem('')).toBeNull();
  });

  it("names the consents that some packet lists, so the home's paperwork card leaves them to their packet", () => {
    expect([...consentsInPackets([packet(['form:f1', 'consent:c1']), packet(['consent:c2', 'form:f2'])])]).toEqual(['c1', 'c2']);
    expect(consentsInPackets([packet(['form:f1'])]).size).toBe(0);
    expect(consentsInPackets([]).size).toBe(0);
  });
});
