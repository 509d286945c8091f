import { type Client, type ClientStatus, matchesClientSearch } from './client-schema.ts';

// What the client list shows of the loaded clients: search as you type, a status and a tag
// filter, and the order. Pure, so the list, its tests and the search bench share one rule.

export type ClientListClient = Pick<Client, 'firstName' | 'lastName' | 'preferredName' | 'email' | 'phone' | 'status' | 'tags'>;

export interface ClientListFilter {
  query: string;
  /** '' = every status. */
  status: ClientStatus | '';
  /** '' = any tag; else one tag, compared case-insensitively. */
  tag: string;
}

export const NO_FILTER: ClientListFilter = { query: '', status: '', tag: '' };

/**
 * The orders the list offers. Issue #13 also sorts by next appointment and by balance: those keys
 * join this table (with their column) once scheduling and the ledger exist — no column before
 * there is data behind it.
 */
export const CLIENT_SORTS = {
  lastName: (a: ClientListClient, b: ClientListClient) =>
    a.lastName.localeCompare(b.lastName, undefined, { sensitivity: 'base' }) ||
    (a.preferredName || a.firstName).localeCompare(b.preferredName || b.firstName, undefined, { sensitivity: 'base' }),
} as const;

export type ClientSortKey = keyof typeof CLIENT_SORTS;

export interface ClientListSort {
  key: ClientSortKey;
  direction: 'ascending' | 'descending';
}

export const DEFAULT_SORT: ClientListSort = { key: 'lastName', direction: 'ascending' };

export function isClientSortKey(key: string): key is ClientSortKey {
  return Object.hasOwn(CLIENT_SORTS, key);
}

/** Every tag in use, each once (its first spelling), alphabetically: the tag filter's choices. */
export function clientTags(clients: readonly Pick<Client, 'tags'>[]): string[] {
  const tags = new Map<string, string>();
  for (const client of clients) for (const tag of client.tags) if (!tags.has(tag.toLowerCase())) tags.set(tag.toLowerCase(), tag);
  return [...tags.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/** The clients the filter lets through, in the chosen order (a new array; the input is left alone). */
export function filterClients<T extends ClientListClient>(clients: readonly T[], filter: ClientListFilter, sort: ClientListSort = DEFAULT_SORT): T[] {
  const tag = filter.tag.toLowerCase();
  const shown = clients.filter(
    (client) =>
      (filter.status === '' || client.status === filter.status) &&
      (tag === '' || client.tags.some((own) => own.toLowerCase() === tag)) &&
      matchesClientSearch(client, filter.query),
  );
  const compare = CLIENT_SORTS[sort.key];
  return shown.sort(sort.direction === 'ascending' ? compare : (a, b) => compare(b, a));
}
