import { appwrite, attempt, getConfig, ownerPermissions, Query, uniqueId } from '@cadence/shared-auth';
import type { Models } from 'appwrite';
import { ownedBy } from '../../shared/owned-by.ts';
import { availabilitySchema, bookingRuleSchema, DEFAULT_AVAILABILITY, type Availability, type BookingRule } from '../availability-model.ts';

// The two browser-written collections of online booking (backend/appwrite.json `availability`,
// `booking_rules`), owner-only documents like the rest of the practice's.
const collection = (collectionId: 'availability' | 'booking_rules') => ({ databaseId: getConfig().databaseId, collectionId });

export type AvailabilityDocument = Models.Document & { userId: string; weekly: string; overrides: string };
export type BookingRuleDocument = Models.Document & BookingRule & { userId: string; serviceId: string };

function parsed(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

/** The stored hours (or the defaults before the first save) and the document to update. */
export async function getAvailability(userId: string): Promise<{ document: AvailabilityDocument | null; availability: Availability }> {
  const list = await attempt(() => appwrite().databases.listDocuments<AvailabilityDocument>({ ...collection('availability'), queries: [Query.equal('userId', userId), Query.limit(25)] }));
  const document = list.documents.find((d) => ownedBy(d, userId)) ?? null;
  if (!document) return { document: null, availability: DEFAULT_AVAILABILITY };
  const stored = availabilitySchema.safeParse({ weekly: { ...DEFAULT_AVAILABILITY.weekly, ...(parsed(document.weekly, {}) as object) }, overrides: parsed(document.overrides, []) });
  return { document, availability: stored.success ? stored.data : DEFAULT_AVAILABILITY };
}

export async function saveAvailability(userId: string, documentId: string | null, availability: Availability): Promise<AvailabilityDocument> {
  const data = { userId, weekly: JSON.stringify(availability.weekly), overrides: JSON.stringify(availability.overrides) };
  return attempt(() =>
    documentId
      ? appwrite().databases.updateDocument<AvailabilityDocument>({ ...collection('availability'), documentId, data })
      : appwrite().databases.createDocument<AvailabilityDocument>({ ...collection('availability'), documentId: uniqueId(), data, permissions: ownerPermissions(userId) }),
  );
}

/** The therapist's booking rules by service id. */
export async function listBookingRules(userId: string): Promise<Map<string, BookingRuleDocument>> {
  const list = await attempt(() => appwrite().databases.listDocuments<BookingRuleDocument>({ ...collection('booking_rules'), queries: [Query.equal('userId', userId), Query.limit(100)] }));
  return new Map(list.documents.filter((d) => ownedBy(d, userId)).map((d) => [d.serviceId, d]));
}

export async function saveBookingRule(userId: string, serviceId: string, documentId: string | null, rule: BookingRule): Promise<BookingRuleDocument> {
  const data = { ...bookingRuleSchema.parse(rule), userId, serviceId };
  return attempt(() =>
    documentId
      ? appwrite().databases.updateDocument<BookingRuleDocument>({ ...collection('booking_rules'), documentId, data })
      : appwrite().databases.createDocument<BookingRuleDocument>({ ...collection('booking_rules'), documentId: uniqueId(), data, permissions: ownerPermissions(userId) }),
  );
}
