import type { OwnedDocument } from '../../shared/practice-collections.ts';
import type { Client } from '../client-schema.ts';

export type ClientDocument = OwnedDocument<Client>;
