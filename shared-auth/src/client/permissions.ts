import { Permission, Role } from 'appwrite';

/** Document permissions for a document only its user may read, update and delete. */
export function ownerPermissions(userId: string): string[] {
  const user = Role.user(userId);
  return [Permission.read(user), Permission.update(user), Permission.delete(user)];
}
