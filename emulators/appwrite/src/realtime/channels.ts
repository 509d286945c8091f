// Realtime channels as Appwrite 1.9 names them (src/Appwrite/Messaging/Adapter/Realtime.php):
// which channels an event is published on and who may receive it (`fromPayload`), and how a
// subscriber's channel names are rewritten for its user (`convertChannels`, `rebindAccountChannels`).
// Who may receive is decided by this server's own permission rules (permissions.ts), the ones the
// REST routes apply: a subscriber gets an event only when it could read the payload.
import type { CollectionDef, Schema } from '../databases/schema.ts';
import type { EmittedEvent } from '../functions/events-plugin.ts';
import { canAccessDocument, isAllowed } from '../permissions.ts';
import { bucketAllows, type Buckets } from '../storage/buckets.ts';

const SUPPORTED_ACTIONS = ['create', 'update', 'upsert', 'delete'];

/** Channels whose last or second-to-last segment is one of these get an action-suffixed twin. */
const RESOURCE_LEAF_NAMES = ['documents', 'rows', 'files', 'executions', 'functions', 'account', 'teams', 'memberships', 'presences'];

export interface Target {
  channels: string[];
  /** whether a connection holding these roles may receive the event */
  canRead(roles: readonly string[]): boolean;
  payload: Record<string, unknown>;
}

export interface Resources {
  schema: Schema;
  buckets: Buckets;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

function databaseChannels(databaseId: string, collectionId: string, documentId: string): string[] {
  if (!databaseId || !collectionId || !documentId) return [];
  // Legacy and TablesDB names, as Appwrite sends every document event to both.
  return [
    'documents',
    `databases.${databaseId}.collections.${collectionId}.documents`,
    `databases.${databaseId}.collections.${collectionId}.documents.${documentId}`,
    'rows',
    `databases.${databaseId}.tables.${collectionId}.rows`,
    `databases.${databaseId}.tables.${collectionId}.rows.${documentId}`,
    `tablesdb.${databaseId}.tables.${collectionId}.rows`,
    `tablesdb.${databaseId}.tables.${collectionId}.rows.${documentId}`,
  ];
}

function collectionOf(schema: Schema, databaseId: string, collectionId: string): CollectionDef | undefined {
  return schema.get(databaseId)?.collections.get(collectionId);
}

/** The action of an event name: its last segment, or the one before (`users.U.update.email`). */
function actionOf(parts: string[]): string | null {
  const last = parts[parts.length - 1] ?? '';
  if (SUPPORTED_ACTIONS.includes(last)) return last;
  const before = parts[parts.length - 2] ?? '';
  return SUPPORTED_ACTIONS.includes(before) ? before : null;
}

function withActionChannels(channels: string[], action: string): string[] {
  const out = [...channels];
  for (const channel of channels) {
    const segments = channel.split('.');
    const leaf = segments[segments.length - 1] ?? '';
    const parent = segments[segments.length - 2] ?? '';
    if (RESOURCE_LEAF_NAMES.includes(leaf) || RESOURCE_LEAF_NAMES.includes(parent)) out.push(`${channel}.${action}`);
  }
  return [...new Set(out)];
}

const nobody: Target = { channels: [], canRead: () => false, payload: {} };

/**
 * `Realtime::fromPayload` for the resources this server has: account events (users.*), documents and
 * rows, and files. Anything else is published on no channel.
 */
export function targetOf(event: EmittedEvent, resources: Resources): Target {
  const name = event.names[0] ?? '';
  const parts = name.split('.');
  const payload = event.payload;
  let target: Target = nobody;

  switch (parts[0]) {
    case 'users': {
      const userId = parts[1] ?? '';
      // Secrets never travel over Realtime (Appwrite's event payloads mark them sensitive).
      const { secret: _secret, ...rest } = payload;
      target = { channels: ['account', `account.${userId}`], canRead: (roles) => isAllowed([`read("user:${userId}")`], 'read', roles), payload: rest };
      break;
    }
    case 'databases': {
      const resource = parts[4] ?? '';
      if (resource !== 'documents' && resource !== 'rows') break;
      const databaseId = event.params.databaseId ?? '';
      const collectionId = event.params.collectionId ?? '';
      const collection = collectionOf(resources.schema, databaseId, collectionId);
      if (!collection) break;
      const documentId = str(payload.$id) || (event.params.documentId ?? '');
      const permissions = strings(payload.$permissions);
      const subject = { collectionPermissions: collection.permissions, documentSecurity: collection.documentSecurity };
      target = {
        channels: databaseChannels(databaseId, collectionId, documentId),
        canRead: (roles) => canAccessDocument(subject, permissions, 'read', roles),
        payload,
      };
      break;
    }
    case 'buckets': {
      if (parts[2] !== 'files') break;
      const bucketId = event.params.bucketId ?? '';
      const bucket = resources.buckets.get(bucketId);
      if (!bucket) break;
      const fileId = str(payload.$id) || (event.params.fileId ?? '');
      const permissions = strings(payload.$permissions);
      target = {
        channels: ['files', `buckets.${bucketId}.files`, `buckets.${bucketId}.files.${fileId}`],
        canRead: (roles) => bucketAllows(bucket, 'read', roles) || (bucket.fileSecurity && isAllowed(permissions, 'read', roles)),
        payload,
      };
      break;
    }
    default:
      break;
  }
  if (target.channels.length === 0) return nobody;

  let action = actionOf(parts);
  // Only top-level user events (`users.U.update.email`) are suffixed: a session or challenge event
  // must not reach a subscriber of `account.create`.
  if (action !== null && parts[0] === 'users' && parts[2] !== action) action = null;
  return action === null ? target : { ...target, channels: withActionChannels(target.channels, action) };
}

/**
 * `Realtime::convertChannels`: `account` also subscribes `account.<userId>`; `account.<action>`
 * becomes `account.<userId>.<action>` for a signed-in connection; any other `account.*` (another
 * user's) is dropped. Duplicates collapse.
 */
export function convertChannels(channels: readonly string[], userId: string): string[] {
  const out: string[] = [];
  const add = (c: string) => { if (!out.includes(c)) out.push(c); };
  for (const channel of channels) {
    if (channel === 'account') {
      add(channel);
      if (userId) add(`account.${userId}`);
    } else if (channel.startsWith('account.') && SUPPORTED_ACTIONS.includes(channel.slice('account.'.length))) {
      add(userId ? `account.${userId}.${channel.slice('account.'.length)}` : channel);
    } else if (!channel.startsWith('account.')) {
      add(channel);
    }
  }
  return out;
}

/** `Realtime::rebindAccountChannels`: a connection's account channels after it signs in (or changes user). */
export function rebindAccountChannels(channels: readonly string[], oldUserId: string, newUserId: string): string[] {
  if (newUserId === '' || oldUserId === newUserId) return [...channels];
  return channels.map((channel) => {
    if (!channel.startsWith('account.')) return channel;
    if (oldUserId === '') {
      const suffix = channel.slice('account.'.length);
      return SUPPORTED_ACTIONS.includes(suffix) ? `account.${newUserId}.${suffix}` : channel;
    }
    if (channel === `account.${oldUserId}`) return `account.${newUserId}`;
    const prefix = `account.${oldUserId}.`;
    if (channel.startsWith(prefix) && SUPPORTED_ACTIONS.includes(channel.slice(prefix.length))) return `account.${newUserId}.${channel.slice(prefix.length)}`;
    return channel;
  });
}
