import type { Client } from './client-schema.ts';

// How a client is named on screen, apart from client-model.ts (statuses, search): Today's cards and
// every list name clients without loading the rest.

/** What the client is called on screen: the preferred name if there is one, then the last name. */
export function clientDisplayName(client: Pick<Client, 'firstName' | 'lastName' | 'preferredName'>): string {
  return `${client.preferredName || client.firstName} ${client.lastName}`.trim();
}

/** How the calendar names a client: their preferred (else first) name and last initial — "Jane D.". */
export function shortClientName(client: { firstName: string; lastName: string; preferredName?: string | null } | undefined): string {
  if (!client) return 'Client';
  const first = client.preferredName?.trim() || client.firstName;
  return client.lastName ? `${first} ${client.lastName.charAt(0)}.` : first;
}
