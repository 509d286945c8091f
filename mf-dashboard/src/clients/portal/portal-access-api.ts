import { appwrite, attempt, executeFunction, isAppError, Query } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';

/** A client's portal link as the therapist reads it (issue 31; written only by invite-client). */
export interface PortalAccess {
  status: 'invited' | 'active';
  invitedAt: string;
  activatedAt: string | null;
}

/**
 * The link of one client record (its id is the record's), or null when not invited. Only a
 * document invite-client wrote for this therapist counts: it names them and their client record
 * (ownedBy's rule does not apply: the therapist may read it but never wrote it).
 */
export async function getPortalAccess(userId: string, clientId: string): Promise<PortalAccess | null> {
  try {
    const doc = await attempt(() => appwrite().databases.getDocument({ ...practiceCollection('portalAccess'), documentId: clientId }));
    const status = doc['status'];
    const invitedAt = doc['invitedAt'];
    if (doc['userId'] !== userId || doc['clientId'] !== clientId || !doc.$permissions.includes(`read("user:${userId}")`)) return null;
    if ((status !== 'invited' && status !== 'active') || typeof invitedAt !== 'string') return null;
    const activatedAt = typeof doc['activatedAt'] === 'string' ? doc['activatedAt'] : null;
    return { status, invitedAt, activatedAt };
  } catch (error) {
    if (isAppError(error) && error.code === 404) return null;
    throw error;
  }
}

/** invite-client: links the record to the client's login and mails the invitation. */
export async function inviteToPortal(clientId: string): Promise<PortalAccess> {
  const answer = await executeFunction<{ success: boolean; error: string | null; status: 'invited' | 'active'; invitedAt: string; activatedAt: string | null }>(
    'inviteClient', { clientId },
  );
  return { status: answer.status, invitedAt: answer.invitedAt, activatedAt: answer.activatedAt };
}

/** Who may act for a client in the portal: the client's own login or a parent's or guardian's. */
export type PortalAudience = 'client' | 'guardian' | 'both';

/** One person with portal access for a client record (issue 31 "Guardians"). */
export interface PortalPerson {
  accessId: string;
  role: 'client' | 'guardian';
  name: string | null;
  email: string | null;
  status: 'invited' | 'active';
  invitedAt: string;
  activatedAt: string | null;
}

/** Every link of the client record: the client's own (its id is the record's) and each guardian's. */
export async function listPortalPeople(userId: string, clientId: string): Promise<PortalPerson[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    ...practiceCollection('portalAccess'),
    queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.limit(100)],
  }));
  return page.documents.flatMap((doc) => {
    const status = doc['status'];
    const invitedAt = doc['invitedAt'];
    if (doc['userId'] !== userId || doc['clientId'] !== clientId || !doc.$permissions.includes(`read("user:${userId}")`)) return [];
    if ((status !== 'invited' && status !== 'active') || typeof invitedAt !== 'string') return [];
    const role: PortalPerson['role'] = doc['role'] === 'guardian' ? 'guardian' : 'client';
    // The client's own link is the one whose id is the record's; anything else is not theirs.
    if (role === 'client' && doc.$id !== clientId) return [];
    const text = (key: string) => (typeof doc[key] === 'string' && doc[key] ? (doc[key] as string) : null);
    return [{ accessId: doc.$id, role, name: text('contactName'), email: text('contactEmail'), status, invitedAt, activatedAt: text('activatedAt') }];
  }).sort((a, b) => (a.role === b.role ? a.invitedAt.localeCompare(b.invitedAt) : a.role === 'client' ? -1 : 1));
}

/** invite-client with `guardian`: the guardian's own login, linked to the record, and the same invitation email. */
export async function inviteGuardian(clientId: string, guardian: { name: string; email: string }): Promise<void> {
  await executeFunction('inviteClient', { clientId, guardian });
}

/** Ends one person's access: their link goes and they lose every read on the client's portal items. */
export async function revokePortalAccess(accessId: string): Promise<void> {
  await executeFunction('inviteClient', { action: 'revoke', accessId });
}

/** Whether a date of birth (YYYY-MM-DD) makes the client under 18 today; null when unknown. */
export function isMinor(dateOfBirth: string | null | undefined, now = new Date()): boolean | null {
  const match = dateOfBirth ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const turned = now.getMonth() + 1 > month || (now.getMonth() + 1 === month && now.getDate() >= day);
  return now.getFullYear() - year - (turned ? 0 : 1) < 18;
}

/** The audience the send forms start with: a minor's guardians act for them, otherwise the client (backend lib/portal-people.js). */
export function defaultAudience(people: readonly PortalPerson[], dateOfBirth: string | null | undefined): PortalAudience {
  const hasGuardian = people.some((p) => p.role === 'guardian');
  const hasClient = people.some((p) => p.role === 'client');
  if (isMinor(dateOfBirth) && hasGuardian) return 'guardian';
  return hasClient || !hasGuardian ? 'client' : 'guardian';
}
