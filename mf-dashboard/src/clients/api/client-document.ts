import type { OwnedDocument } from '../../shared/practice-collections.ts';
import type { Client } from '../client-schema.ts';

export type ClientDocument = OwnedDocument<Client>;

/**
 * A stored client as the screens use it. A document written without its list attributes (by
 * another tool, an import through the console) reads back with them null: they are empty lists.
 */
export function clientFromDocument(document: ClientDocument): ClientDocument {
  return document.tags && document.diagnosisCodes ? document : { ...document, tags: document.tags ?? [], diagnosisCodes: document.diagnosisCodes ?? [] };
}
