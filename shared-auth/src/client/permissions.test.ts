import { Permission, Role } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { ownerPermissions } from './permissions.ts';

describe('ownerPermissions', () => {
  it('grants read, update and delete to that one user, in the SDK’s own syntax', () => {
    expect(ownerPermissions('u1')).toEqual(['read("user:u1")', 'update("user:u1")', 'delete("user:u1")']);
    expect(ownerPermissions('u1')).toEqual([Permission.read(Role.user('u1')), Permission.update(Role.user('u1')), Permission.delete(Role.user('u1'))]);
  });
});
