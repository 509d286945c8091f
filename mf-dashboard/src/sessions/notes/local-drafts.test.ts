import { afterEach, describe, expect, it } from 'vitest';
import { clearLocalDraft, draftStart, readLocalDraft, writeLocalDraft } from './local-drafts.ts';
import { canonicalNote, isLocked, isSigned, noteHash } from './progress-note.ts';
import type { NoteDraftFields } from './progress-note.ts';

const fields = (text: string): NoteDraftFields => ({
  template: 'soap', content: JSON.stringify({ sections: { subjective: text }, extra: [] }), riskLevel: 'none', riskDetails: null, interventions: [], goalsProgress: null, diagnosisCodes: ['F41.1'],
});

afterEach(() => clearLocalDraft('a1'));

describe('drafts kept on this device', () => {
  it('keeps a draft per appointment until it is cleared', () => {
    expect(readLocalDraft('a1')).toBeNull();
    writeLocalDraft('a1', { fields: fields('hello'), baseRevision: 2, editedAt: 1 });
    expect(readLocalDraft('a1')).toEqual({ fields: fields('hello'), baseRevision: 2, editedAt: 1 });
    clearLocalDraft('a1');
    expect(readLocalDraft('a1')).toBeNull();
    window.localStorage.setItem('cadence.note-draft.a1', '{broken');
    expect(readLocalDraft('a1')).toBeNull();
  });

  it('restores the device’s unsaved text over the server’s, unless the server moved on meanwhile', () => {
    const local = { fields: fields('typed offline'), baseRevision: 3, editedAt: 1 };
    expect(draftStart(null, { revision: 3, fields: fields('saved') })).toEqual({ kind: 'server' });
    expect(draftStart(local, { revision: 3, fields: fields('saved') })).toEqual({ kind: 'local', draft: local });
    expect(draftStart({ ...local, baseRevision: 0 }, null)).toEqual({ kind: 'local', draft: { ...local, baseRevision: 0 } });
    expect(draftStart(local, { revision: 4, fields: fields('another tab') })).toEqual({ kind: 'conflict', draft: local });
    expect(draftStart(local, { revision: 4, fields: fields('typed offline') })).toEqual({ kind: 'server' });
  });
});

describe('a signed note', () => {
  const note = {
    appointmentId: 'a1', clientId: 'c1', template: 'soap' as const, content: '{"sections":{"plan":"x"},"extra":[]}', riskLevel: 'low' as const, riskDetails: 'Passive ideation; safety plan reviewed.',
    interventions: ['CBT'], goalsProgress: null, diagnosisCodes: ['F41.1'], signedAt: '2026-03-03T16:00:00.000Z', signerName: 'Dana Reyes', signerCredentials: 'LCSW',
  };

  it('is signed only with sign-note’s signature holding its hash, and locked', () => {
    const locked = { $id: 'n1', userId: 'u1', status: 'signed' as const, contentHash: 'a'.repeat(64), $permissions: ['read("user:u1")'] };
    const signature = { noteId: 'n1', userId: 'u1', contentHash: 'a'.repeat(64) };
    expect(isSigned(locked, signature)).toBe(true);
    // Marked signed and locked through the API, with no signature: not signed.
    expect(isSigned(locked, null)).toBe(false);
    expect(isSigned(locked, { ...signature, contentHash: 'b'.repeat(64) })).toBe(false);
    expect(isSigned(locked, { ...signature, noteId: 'n2' })).toBe(false);
    expect(isSigned(locked, { ...signature, userId: 'u2' })).toBe(false);
    expect(isSigned({ ...locked, $permissions: ['read("user:u1")', 'update("user:u1")'] }, signature)).toBe(false);
    expect(isSigned({ ...locked, status: 'draft' }, signature)).toBe(false);
    expect(isLocked({ status: 'draft', $permissions: ['read("user:u1")'] })).toBe(true);
    expect(isLocked({ status: 'draft', $permissions: ['read("user:u1")', 'update("user:u1")'] })).toBe(false);
  });

  it('hashes a canonical form with its fields sorted by name, so Verify recomputes what sign-note froze', async () => {
    expect(Object.keys(JSON.parse(canonicalNote(note)) as object)).toEqual([...Object.keys(note)].sort());
    const hash = await noteHash(note);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await noteHash({ ...note })).toBe(hash);
    expect(await noteHash({ ...note, content: note.content.replace('x', 'y') })).not.toBe(hash);
  });
});
