import { clientSearch, type ClientStatus } from './client-model.ts';
import type { Client } from './client-schema.ts';

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
// One collator for every comparison: localeCompare with options builds one per call (a 2,000-client
// sort took ~90 ms that way).
const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

export const CLIENT_SORTS = {
  lastName: (a: ClientListClient, b: ClientListClient) =>
    collator.compare(a.lastName, b.lastName) || collator.compare(a.preferredName || a.firstName, b.preferredName || b.firstName),
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
  return [...tags.values()].sort(collator.compare);
}

// The loaded list in each order asked for, sorted once per list (the list is a new array when it is
// loaded again): a keystroke then only filters, and filtering keeps the order.
const sortedLists = new WeakMap<readonly ClientListClient[], Map<string, readonly ClientListClient[]>>();

function sortedClients<T extends ClientListClient>(clients: readonly T[], sort: ClientListSort): readonly T[] {
  let orders = sortedLists.get(clients);
  if (!orders) sortedLists.set(clients, (orders = new Map()));
  const key = `${sort.key} ${sort.direction}`;
  let sorted = orders.get(key);
  if (!sorted) {
    const compare = CLIENT_SORTS[sort.key];
    sorted = [...clients].sort(sort.direction === 'ascending' ? compare : (a, b) => compare(b, a));
    orders.set(key, sorted);
  }
  return sorted as readonly T[];
}

/** The clients the filter lets through, in the chosen order (a new array; the input is left alone). */
export function filterClients<T extends ClientListClient>(clients: readonly T[], filter: ClientListFilter, sort: ClientListSort = DEFAULT_SORT): T[] {
  const tag = filter.tag.toLowerCase();
  const matches = clientSearch(filter.query);
  return sortedClients(clients, sort).filter(
    (client) =>
      (filter.status === '' || client.status === filter.status) &&
      (tag === '' || client.tags.some((own) => own.toLowerCase() === tag)) &&
      matches(client),
  );
}
