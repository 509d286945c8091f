import { emailSearchKey } from '../shared/search-keys.ts';
import type { Client } from './client-schema.ts';

// Duplicate check (issue #13): the same email (case-insensitively), or the same name and date of
// birth, is the same person. Used by the create form ("Open existing client") and by the CSV
// import, against the stored clients and within the file.

export type DuplicateKeyFields = Pick<Client, 'firstName' | 'lastName' | 'dateOfBirth' | 'email'>;
export type DuplicateReason = 'email' | 'nameAndDateOfBirth';

export interface DuplicateMatch<T> {
  client: T;
  reason: DuplicateReason;
}

export const DUPLICATE_MESSAGES = {
  email: (name: string) => `${name} already has this email address.`,
  nameAndDateOfBirth: (name: string) => `${name} has the same name and date of birth.`,
  openExisting: 'Open existing client',
} as const;

/**
 * A name as compared for duplicates: accents, case, spacing and punctuation ignored, so
 * "Mary-Ann O'Brien", "mary ann obrien" and "Mary Ann O’Brien" are one name.
 */
export function normalisedName(name: string | null | undefined): string {
  return (typeof name === 'string' ? name : '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

function emailKey(client: Pick<DuplicateKeyFields, 'email'>): string | null {
  return emailSearchKey(client.email) || null;
}

function nameAndBirthKey(client: Pick<DuplicateKeyFields, 'firstName' | 'lastName' | 'dateOfBirth'>): string | null {
  const first = normalisedName(client.firstName);
  const last = normalisedName(client.lastName);
  if (!first || !last || typeof client.dateOfBirth !== 'string' || !client.dateOfBirth) return null;
  return `${first}|${last}|${client.dateOfBirth}`;
}

/**
 * Clients indexed by email and by name + date of birth, for constant-time checks while importing
 * thousands of rows. `idOf` identifies a client so that editing one never finds itself.
 */
export class DuplicateIndex<T extends DuplicateKeyFields> {
  readonly #byEmail = new Map<string, T>();
  readonly #byNameAndBirth = new Map<string, T>();
  readonly #idOf: (client: T) => string | undefined;

  constructor(clients: Iterable<T> = [], idOf: (client: T) => string | undefined = (client) => (client as { $id?: string }).$id) {
    this.#idOf = idOf;
    for (const client of clients) this.add(client);
  }

  /** Adds a client; the first one holding a key stays its match. */
  add(client: T): void {
    const email = emailKey(client);
    if (email && !this.#byEmail.has(email)) this.#byEmail.set(email, client);
    const nameAndBirth = nameAndBirthKey(client);
    if (nameAndBirth && !this.#byNameAndBirth.has(nameAndBirth)) this.#byNameAndBirth.set(nameAndBirth, client);
  }

  /** The existing client `candidate` duplicates, email first; null when it is new. */
  find(candidate: DuplicateKeyFields, options: { excludeId?: string } = {}): DuplicateMatch<T> | null {
    const notSelf = (client: T | undefined): client is T =>
      client !== undefined && (options.excludeId === undefined || this.#idOf(client) !== options.excludeId);
    const email = emailKey(candidate);
    const byEmail = email ? this.#byEmail.get(email) : undefined;
    if (notSelf(byEmail)) return { client: byEmail, reason: 'email' };
    const nameAndBirth = nameAndBirthKey(candidate);
    const byName = nameAndBirth ? this.#byNameAndBirth.get(nameAndBirth) : undefined;
    if (notSelf(byName)) return { client: byName, reason: 'nameAndDateOfBirth' };
    return null;
  }
}

/** The existing client a new or edited one duplicates (see DuplicateIndex), or null. */
export function findDuplicateClient<T extends DuplicateKeyFields>(
  candidate: DuplicateKeyFields,
  existing: Iterable<T>,
  options: { excludeId?: string; idOf?: (client: T) => string | undefined } = {},
): DuplicateMatch<T> | null {
  const idOf = options.idOf ?? ((client: T) => (client as { $id?: string }).$id);
  // The client being edited leaves the list first, so a second record sharing its email is still found.
  const others = [...existing].filter((client) => options.excludeId === undefined || idOf(client) !== options.excludeId);
  return new DuplicateIndex(others, idOf).find(candidate);
}
