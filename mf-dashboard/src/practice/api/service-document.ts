import type { OwnedDocument } from '../../shared/practice-collections.ts';
import type { Service } from '../services.ts';

/** A stored service: the schema's fields and its place in the therapist's list. */
export type ServiceDocument = OwnedDocument<Service & { sortOrder: number }>;
