/** How many records hang off a client: while any exists the client can be archived, not deleted. */
export interface ClientRecordCounts {
  appointments: number;
  notes: number;
  ledgerEntries: number;
}

/**
 * The client's appointments, notes and ledger entries (issue #13: delete only a client with none).
 * None of those collections exists yet, so every count is 0. Scheduling, notes and billing each
 * replace their 0 here with a count query of their collection (Query.equal('clientId', …),
 * Query.limit(1)); the detail page asks only this function, so nothing else changes.
 */
export async function clientRecordCounts(userId: string, clientId: string): Promise<ClientRecordCounts> {
  void userId;
  void clientId;
  return { appointments: 0, notes: 0, ledgerEntries: 0 };
}

export function hasClientRecords(counts: ClientRecordCounts): boolean {
  return counts.appointments + counts.notes + counts.ledgerEntries > 0;
}
