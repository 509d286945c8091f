import { describe, expect, it } from 'vitest';
import { ownedBy } from './owned-by.ts';

const own = ['read("user:a")', 'update("user:a")', 'delete("user:a")'];

describe('ownedBy', () => {
  it("trusts a document whose userId and every permission are the user's own", () => {
    expect(ownedBy({ userId: 'a', $permissions: own }, 'a')).toBe(true);
  });

  it('rejects a document naming the user but readable by anyone else too', () => {
    expect(ownedBy({ userId: 'a', $permissions: [...own, 'read("any")'] }, 'a')).toBe(false);
    expect(ownedBy({ userId: 'a', $permissions: ['read("users")'] }, 'a')).toBe(false);
    expect(ownedBy({ userId: 'a', $permissions: ['read("user:b")'] }, 'a')).toBe(false);
  });

  it('rejects a document of another userId, without permissions, or a role that only starts alike', () => {
    expect(ownedBy({ userId: 'b', $permissions: own }, 'a')).toBe(false);
    expect(ownedBy({ userId: 'a', $permissions: [] }, 'a')).toBe(false);
    expect(ownedBy({ userId: 'a', $permissions: ['read("user:a/verified")'] }, 'a')).toBe(false);
  });
});
