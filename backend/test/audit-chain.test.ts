// The audit log's hash chain (issue 17): the function's canonical form (functions/lib/audit-chain.js)
// is the browser's (mf-account/src/security-log/audit-chain.ts), and Verify log finds the first
// tampered, unlinked, missing or repeated entry.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalEntry as browserCanonical, GENESIS_HASH as BROWSER_GENESIS, verdictText, verifyChain, type ChainEntry,
} from '../../mf-account/src/security-log/audit-chain.ts';
import { CHAINED_FIELDS, canonicalEntry, GENESIS_HASH } from '../functions/lib/audit-chain.js';
import { describeEvent } from '../functions/audit/src/main.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A chain as the audit function writes it. */
function chain(n: number): ChainEntry[] {
  const entries: ChainEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq += 1) {
    const fields = {
      userId: 'u1', seq, at: `2026-11-26T06:${String(seq).padStart(2, '0')}:00.000+00:00`, actorId: 'u1', action: seq % 2 ? 'client.update' : 'session.create',
      entityType: 'client', entityId: `c${seq}`, ip: '203.0.113.7', userAgent: 'Mozilla/5.0 "quoted", ünïcode', prevHash,
    };
    const hash = sha(canonicalEntry(fields));
    entries.push({ ...fields, hash });
    prevHash = hash;
  }
  return entries;
}

describe('canonical form', () => {
  it('is one JSON array: a version tag and the chained fields in a fixed order, whatever the key order', () => {
    const entry = { prevHash: 'p', ip: '1.2.3.4', userId: 'u1', seq: 3, at: 't', actorId: 'a', action: 'client.create', entityType: 'client', entityId: 'c1', userAgent: 'ua', $id: 'ignored', hash: 'ignored' };
    expect(canonicalEntry(entry)).toBe('["cadence-audit-v1","u1",3,"t","a","client.create","client","c1","1.2.3.4","ua","p"]');
    expect(CHAINED_FIELDS).not.toContain('hash');
  });

  it('reads missing or null strings as empty, so a stored null hashes like the written ""', () => {
    const written = { userId: 'u1', seq: 1, at: 't', actorId: '', action: 'mfa.update', entityType: 'account', entityId: 'u1', ip: '', userAgent: '', prevHash: GENESIS_HASH };
    expect(canonicalEntry({ ...written, ip: null, actorId: undefined })).toBe(canonicalEntry(written));
  });

  it('is the same in the function and in the browser', () => {
    expect(BROWSER_GENESIS).toBe(GENESIS_HASH);
    for (const entry of chain(5)) expect(browserCanonical(entry)).toBe(canonicalEntry({ ...entry }));
  });
});

describe('verifyChain (Web Crypto)', () => {
  it('verifies an intact chain', async () => {
    const verdict = await verifyChain(chain(12));
    expect(verdict).toEqual({ ok: true, count: 12 });
    expect(verdictText(verdict)).toBe('All 12 entries verified.');
    expect(verdictText(await verifyChain([]))).toBe('There are no entries to verify yet.');
  });

  it('finds a tampered entry (its contents no longer match its hash)', async () => {
    const entries = chain(8);
    entries[4] = { ...entries[4]!, action: 'client.create' };
    const verdict = await verifyChain(entries);
    expect(verdict).toMatchObject({ ok: false, seq: 5, reason: 'hash' });
    expect(verdictText(verdict)).toMatch(/^The log is broken at entry #5 .*contents do not match its hash/);
  });

  it('finds an entry rewritten with a fresh hash: the next one no longer links to it', async () => {
    const entries = chain(8);
    const forged = { ...entries[2]!, ip: '198.51.100.1' };
    entries[2] = { ...forged, hash: sha(canonicalEntry(forged)) };
    expect(await verifyChain(entries)).toMatchObject({ ok: false, seq: 4, reason: 'link' });
  });

  it('finds a removed or repeated entry', async () => {
    const entries = chain(6);
    expect(await verifyChain([...entries.slice(0, 2), ...entries.slice(3)])).toMatchObject({ ok: false, seq: 4, reason: 'sequence' });
    expect(await verifyChain([...entries.slice(0, 3), entries[2]!, ...entries.slice(3)])).toMatchObject({ ok: false, seq: 3, reason: 'sequence' });
  });
});

describe('describeEvent', () => {
  const doc = (userId: string, owner: string, extra: Record<string, unknown> = {}) => ({
    $id: 'c1', $createdAt: '2026-01-01T00:00:00.000+00:00', $updatedAt: '2026-01-02T00:00:00.000+00:00',
    $permissions: [`read("user:${owner}")`, `update("user:${owner}")`, `delete("user:${owner}")`], userId, firstName: 'Jane', ...extra,
  });

  it('names document events by entity, for the therapist whose record it is', () => {
    expect(describeEvent('databases.main.collections.clients.documents.c1.update', doc('u1', 'u1'), 'u1'))
      .toEqual({ owner: 'u1', action: 'client.update', entityType: 'client', entityId: 'c1' });
    expect(describeEvent('databases.main.tables.appointments.rows.a1.delete', { ...doc('u1', 'u1'), $id: 'a1' }, 'u1'))
      .toMatchObject({ action: 'appointment.delete', entityId: 'a1' });
    // A function (no user) writing for the therapist: still the therapist's log.
    expect(describeEvent('databases.main.collections.appointment_series.documents.s1.create', doc('u1', 'u1'), '')).toMatchObject({ owner: 'u1', action: 'appointment_series.create' });
    // An upsert that created the document.
    expect(describeEvent('databases.main.collections.services.documents.c1.upsert', doc('u1', 'u1', { $updatedAt: '2026-01-01T00:00:00.000+00:00' }), 'u1')).toMatchObject({ action: 'service.create' });
  });

  it('puts a record planted in another therapist\'s name into its writer\'s log, and ignores other collections', () => {
    expect(describeEvent('databases.main.collections.clients.documents.c1.create', doc('victim', 'attacker'), 'attacker')).toMatchObject({ owner: 'attacker' });
    expect(describeEvent('databases.main.collections.clients.documents.c1.create', doc('victim', 'attacker'), '')).toBeNull();
    expect(describeEvent('databases.main.collections.notifications.documents.n1.create', doc('u1', 'u1'), 'u1')).toBeNull();
    expect(describeEvent('databases.main.collections.audit_log.documents.x.create', doc('u1', 'u1'), '')).toBeNull();
  });

  it('names sign-ins, sign-outs, password and two-step changes (Appwrite sends users.<id>.update for both)', () => {
    expect(describeEvent('users.u1.sessions.s1.create', { $id: 's1', userId: 'u1', ip: '203.0.113.7', clientName: 'Chrome', clientVersion: '131.0', osName: 'Mac', osVersion: '14' }, 'u1'))
      .toEqual({ owner: 'u1', action: 'session.create', entityType: 'session', entityId: 's1', ip: '203.0.113.7', userAgent: 'Chrome 131.0 on Mac 14' });
    expect(describeEvent('users.u1.sessions.s1.delete', { $id: 's1' }, 'u1')).toMatchObject({ action: 'session.delete' });
    const account = { $id: 'u1', $updatedAt: '2026-01-02T00:00:00.100+00:00', passwordUpdate: '2026-01-02T00:00:00.099+00:00', mfa: false };
    expect(describeEvent('users.u1.update', account, 'u1')).toMatchObject({ action: 'password.update' });
    expect(describeEvent('users.u1.update', { ...account, passwordUpdate: '2025-06-01T00:00:00.000+00:00', mfa: true }, 'u1')).toMatchObject({ action: 'mfa.update' });
    expect(describeEvent('users.u1.update', { recoveryCodes: ['a'] }, 'u1')).toMatchObject({ action: 'mfa.update' });
    expect(describeEvent('users.u1.update.password', {}, 'u1')).toMatchObject({ action: 'password.update' });
    expect(describeEvent('users.u1.delete', [] as unknown as Record<string, unknown>, 'u1')).toMatchObject({ action: 'mfa.delete' });
    expect(describeEvent('users.u1.update', { $id: 'u1', name: 'x' }, 'u1')).toMatchObject({ action: 'mfa.update' });
    expect(describeEvent('', {}, 'u1')).toBeNull();
  });
});
