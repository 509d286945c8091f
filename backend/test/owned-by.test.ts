// The functions' ownedBy (functions/lib/owned-by.js) is the dashboard's (mf-dashboard/src/shared/
// owned-by.ts): a function must trust exactly the documents the therapist's own screens trust.
import { describe, expect, it } from 'vitest';
import { ownedBy as dashboardOwnedBy } from '../../mf-dashboard/src/shared/owned-by.ts';
import { ownedBy } from '../functions/lib/owned-by.js';

const CASES: Array<[string, { $permissions: string[]; userId?: unknown }, boolean]> = [
  ['owner-only', { userId: 'u1', $permissions: ['read("user:u1")', 'update("user:u1")', 'delete("user:u1")'] }, true],
  ['read only', { userId: 'u1', $permissions: ['read("user:u1")'] }, true],
  ['no permissions (server-written, nobody reads it)', { userId: 'u1', $permissions: [] }, false],
  ['another user also reads it', { userId: 'u1', $permissions: ['read("user:u1")', 'read("user:u2")'] }, false],
  ['written by someone else in the owner\'s name', { userId: 'u1', $permissions: ['read("user:u2")', 'update("user:u2")'] }, false],
  ['readable by anyone', { userId: 'u1', $permissions: ['read("any")'] }, false],
  ['a team role', { userId: 'u1', $permissions: ['read("team:t1")'] }, false],
  ['another userId', { userId: 'u2', $permissions: ['read("user:u1")'] }, false],
  ['no userId', { $permissions: ['read("user:u1")'] }, false],
  ['a verified-user role is not the user', { userId: 'u1', $permissions: ['read("user:u1/verified")'] }, false],
];

describe('ownedBy (functions) = ownedBy (dashboard)', () => {
  it.each(CASES)('%s', (_name, document, expected) => {
    expect(ownedBy(document, 'u1')).toBe(expected);
    expect(dashboardOwnedBy(document, 'u1')).toBe(expected);
  });
});
