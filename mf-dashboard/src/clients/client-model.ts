import { emailSearchKey, phoneSearchKey } from '../shared/search-keys.ts';
import type { Client } from './client-schema.ts';
export { clientDisplayName } from './client-names.ts';

// A client as the screens read it: statuses, names and search. Nothing here validates (that is
// client-schema.ts, with zod), so what only shows clients does not load zod.

export const CLIENT_STATUSES = ['prospective', 'active', 'inactive', 'discharged'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  prospective: 'Prospective',
  active: 'Active',
  inactive: 'Inactive',
  discharged: 'Discharged',
};
/** Archiving a client is setting one of these (issue #13: archive instead of delete). */
export const ARCHIVED_STATUSES: readonly ClientStatus[] = ['inactive', 'discharged'];

export function isArchived(client: Pick<Client, 'status'>): boolean {
  return ARCHIVED_STATUSES.includes(client.status);
}

function folded(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

type SearchableClient = Pick<Client, 'firstName' | 'lastName' | 'preferredName' | 'email' | 'phone'>;

// A client's folded names and email, and phone digits, worked out once per client object (a list
// keeps its objects until it is loaded again), not again for every keystroke.
const searchKeys = new WeakMap<SearchableClient, { haystack: string; phone: string }>();

function searchKeysOf(client: SearchableClient): { haystack: string; phone: string } {
  let keys = searchKeys.get(client);
  if (!keys) {
    keys = {
      haystack: folded([client.firstName, client.lastName, client.preferredName, emailSearchKey(client.email)].filter(Boolean).join(' ')),
      phone: phoneSearchKey(client.phone),
    };
    searchKeys.set(client, keys);
  }
  return keys;
}

/**
 * Search as you type (issue #13): every word of the query must appear in the client's names,
 * preferred name, email or phone. Accents and case are ignored ("zoe" finds Zoë), and a query
 * with digits also matches the phone however it was written. Returns the test for one query, to
 * run over every client.
 */
export function clientSearch(query: string): (client: SearchableClient) => boolean {
  const words = folded(query)
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const digits = word.replace(/\D/g, '');
      // A word that is a phone number (digits and its punctuation only) also matches the phone's digits.
      return { word, digits: digits.length >= 3 && digits.length === word.replace(/[\s().+-]/g, '').length ? digits : null };
    });
  if (words.length === 0) return () => true;
  return (client) => {
    const { haystack, phone } = searchKeysOf(client);
    return words.every(({ word, digits }) => haystack.includes(word) || (digits !== null && phone.includes(digits)));
  };
}

export function matchesClientSearch(client: SearchableClient, query: string): boolean {
  return clientSearch(query)(client);
}
