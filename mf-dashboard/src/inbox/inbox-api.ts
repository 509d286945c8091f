import { appwrite, attempt, Query } from '@cadence/shared-auth';
import { getPracticeSettings } from '../practice/api/get-practice-settings.ts';
import { practiceCollection } from '../shared/practice-collections.ts';

// The Inbox's own reads and writes beyond @cadence/shared-auth's messages module: who each
// conversation is with (the portal links, written only by invite-client), and the therapist's
// messaging switches (practice_settings.messagingEnabled / replyWithinDays, clients.messagingOff).

/** One person the practice can write to: a portal link (its id is the conversation's). */
export interface InboxPerson {
  accessId: string;
  clientId: string;
  /** "Ada Lovelace", or "Grace Lovelace (parent/guardian of Ada Lovelace)". */
  label: string;
}

export async function listInboxPeople(userId: string): Promise<InboxPerson[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    ...practiceCollection('portalAccess'), queries: [Query.equal('userId', userId), Query.limit(500)],
  }));
  return page.documents.flatMap((doc) => {
    const clientId = doc['clientId'];
    if (doc['userId'] !== userId || typeof clientId !== 'string') return [];
    const person = typeof doc['personName'] === 'string' && doc['personName'] ? doc['personName'] : 'Client';
    const label = doc['role'] === 'guardian' ? `${typeof doc['contactName'] === 'string' && doc['contactName'] ? doc['contactName'] : 'Guardian'} (parent/guardian of ${person})` : person;
    return [{ accessId: doc.$id, clientId, label }];
  }).sort((a, b) => a.label.localeCompare(b.label));
}

export interface MessagingSettings { settingsId: string | null; enabled: boolean; replyWithinDays: number | null }

export async function getMessagingSettings(userId: string): Promise<MessagingSettings> {
  const settings = await getPracticeSettings(userId) as (Record<string, unknown> & { $id: string }) | null;
  const days = settings?.['replyWithinDays'];
  return { settingsId: settings?.$id ?? null, enabled: settings?.['messagingEnabled'] !== false, replyWithinDays: typeof days === 'number' ? days : null };
}

export async function saveMessagingSettings(settingsId: string, data: { messagingEnabled?: boolean; replyWithinDays?: number | null }): Promise<void> {
  await attempt(() => appwrite().databases.updateDocument({ ...practiceCollection('practiceSettings'), documentId: settingsId, data }));
}

export async function getClientMessagingOff(clientId: string): Promise<boolean> {
  const doc = await attempt(() => appwrite().databases.getDocument({ ...practiceCollection('clients'), documentId: clientId }));
  return doc['messagingOff'] === true;
}

export async function setClientMessagingOff(clientId: string, off: boolean): Promise<void> {
  await attempt(() => appwrite().databases.updateDocument({ ...practiceCollection('clients'), documentId: clientId, data: { messagingOff: off } }));
}
