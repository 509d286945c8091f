import { appwrite, attempt, executeFunction, isAppError } from '@cadence/shared-auth';
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
