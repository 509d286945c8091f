// Permission strings (`read("user:u1")`) and role matching as utopia-php/database does it
// (PROTOCOL §3.3, §3.4). Pure: callers pass the roles they hold (see `callerRoles`).
import { AppwriteError } from './errors.ts';

export type DocumentAction = 'read' | 'update' | 'delete';
export type PermissionAction = 'create' | DocumentAction;
type RawAction = 'create' | 'read' | 'update' | 'delete' | 'write';

export interface Permission {
  action: PermissionAction;
  role: string;
}

export const MAX_PERMISSIONS = 100;

const PERMISSION_RE = /^(create|read|update|delete|write)\("([^"]+)"\)$/;
const ROLE_RE = /^(any|guests|users(\/(verified|unverified))?|user:[A-Za-z0-9][A-Za-z0-9._-]{0,35}(\/(verified|unverified))?|team:[A-Za-z0-9][A-Za-z0-9._-]{0,35}(\/[A-Za-z0-9._-]+)?|member:[A-Za-z0-9][A-Za-z0-9._-]{0,35}|label:[A-Za-z0-9]{1,36})$/;

function argumentInvalid(detail: string): AppwriteError {
  return new AppwriteError('general_argument_invalid', `Invalid \`permissions\` param: ${detail}`);
}

/**
 * Parse and normalise a `permissions` parameter: `write` expands to update + delete
 * (`Permission::aggregate`), duplicates collapse. `allowed` limits the actions (documents may not
 * carry `create`).
 */
export function parsePermissions(input: unknown, allowed: readonly RawAction[] = ['read', 'update', 'delete', 'write']): string[] {
  if (!Array.isArray(input)) throw argumentInvalid(`Permissions must be an array of strings.`);
  if (input.length > MAX_PERMISSIONS) throw argumentInvalid(`Permissions must be an array of strings with at most ${MAX_PERMISSIONS} items.`);
  const out: string[] = [];
  for (const p of input) {
    if (typeof p !== 'string') throw argumentInvalid('Permissions must be an array of strings.');
    const m = PERMISSION_RE.exec(p);
    const action = m?.[1] as RawAction | undefined;
    const role = m?.[2];
    if (!m || !action || !role) throw argumentInvalid(`Permission "${p}" is not allowed. Must be one of: ${allowed.join(', ')}.`);
    if (!allowed.includes(action)) throw argumentInvalid(`Permission "${p}" is not allowed. Must be one of: ${allowed.join(', ')}.`);
    if (!ROLE_RE.test(role)) throw argumentInvalid(`Role "${role}" is not allowed. Must be one of: any, guests, users, user, team, member, label.`);
    const actions: PermissionAction[] = action === 'write' ? ['update', 'delete'] : [action];
    for (const a of actions) {
      const s = `${a}("${role}")`;
      if (!out.includes(s)) out.push(s);
    }
  }
  return out;
}

/** Already-validated strings (from storage or appwrite.json) → structured form; skips anything odd. */
export function toPermissions(strings: readonly string[]): Permission[] {
  const out: Permission[] = [];
  for (const s of strings) {
    const m = PERMISSION_RE.exec(s);
    const action = m?.[1];
    const role = m?.[2];
    if (!action || !role) continue;
    if (action === 'write') out.push({ action: 'update', role }, { action: 'delete', role });
    else out.push({ action: action as PermissionAction, role });
  }
  return out;
}

/** Roles that hold `action` in this permission list. */
export function rolesFor(permissions: readonly string[], action: PermissionAction): string[] {
  return toPermissions(permissions).filter((p) => p.action === action).map((p) => p.role);
}

/**
 * utopia Authorization: a permission matches when its role is one of the caller's roles. `any` is
 * always among the caller's roles, so `read("any")` admits everyone.
 */
export function isAllowed(permissions: readonly string[], action: PermissionAction, callerRoles: readonly string[]): boolean {
  const roles = new Set(callerRoles);
  roles.add('any');
  return rolesFor(permissions, action).some((r) => roles.has(r));
}

export interface PermissionSubject {
  /** collection (or table) permissions */
  collectionPermissions: readonly string[];
  documentSecurity: boolean;
}

/** read/update/delete: collection-level permission, or document-level when documentSecurity is on. */
export function canAccessDocument(subject: PermissionSubject, documentPermissions: readonly string[], action: DocumentAction, callerRoles: readonly string[]): boolean {
  if (isAllowed(subject.collectionPermissions, action, callerRoles)) return true;
  return subject.documentSecurity && isAllowed(documentPermissions, action, callerRoles);
}

/** Appwrite's default when `permissions` is omitted: the creating user gets read, update, delete. */
export function defaultDocumentPermissions(userId: string | null): string[] {
  if (!userId) return [];
  return (['read', 'update', 'delete'] as const).map((a) => `${a}("user:${userId}")`);
}

/**
 * A non-key caller may only grant roles they hold themselves (Appwrite `user_unauthorized`,
 * "Permissions must be one of: (…)").
 */
export function assertGrantable(permissions: readonly string[], callerRoles: readonly string[]): void {
  const held = new Set([...callerRoles, 'any']);
  for (const p of toPermissions(permissions)) {
    if (!held.has(p.role)) {
      throw new AppwriteError('user_unauthorized', `Permissions must be one of: (${[...held].map((r) => `"${r}"`).join(', ')})`);
    }
  }
}

/** Roles of a signed-in user as `User::getRoles` lists them (teams are not emulated). */
export function userRoles(user: { id: string; emailVerification: boolean; phoneVerification?: boolean; labels: readonly string[] }): string[] {
  const verified = user.emailVerification || user.phoneVerification === true;
  const state = verified ? 'verified' : 'unverified';
  return ['any', 'users', `users/${state}`, `user:${user.id}`, `user:${user.id}/${state}`, ...user.labels.map((l) => `label:${l}`)];
}

