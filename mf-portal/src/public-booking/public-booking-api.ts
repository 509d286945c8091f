import { executeFunction, FunctionRefusedError } from '@cadence/shared-auth';
import { SlotTakenError, type BookableService, type Slot } from '../booking/booking-api.ts';

// A new client's side of the public booking page (issue 32): every call is public-booking's (a guest
// may call it), which checks the practice's opt-in, computes the slots and holds a time only after
// the emailed code is confirmed. The page shows what it answers.

export interface PublicPractice { practiceName: string; timeZone: string; services: BookableService[] }
export interface Details { name: string; email: string; phone: string; usesInsurance: boolean }

/** Appwrite's 429 `general_rate_limit_exceeded`: too many codes for this address or practice. */
export class RateLimitedError extends Error {}
/** The address is already a client's of this practice: the booker decides what to do. */
export class ExistingClientError extends Error {}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map(record) : []);
const slotsOf = (value: unknown): Slot[] => list(value).flatMap((s) => (text(s['start']) && text(s['end']) ? [{ start: String(s['start']), end: String(s['end']) }] : []));

function rethrow(error: unknown): never {
  if (error instanceof FunctionRefusedError) {
    const answer = record(error.answer);
    if (error.status === 429 && answer['type'] === 'general_rate_limit_exceeded') throw new RateLimitedError(String(answer['message'] ?? ''));
    if (error.status === 409 && answer['existingClient'] === true) throw new ExistingClientError(error.message);
    if (error.status === 409 && answer['field'] === 'start') throw new SlotTakenError(slotsOf(answer['slots']));
  }
  throw error;
}

const call = (slug: string, body: Record<string, unknown>) => executeFunction<{ success?: boolean } & Record<string, unknown>>('publicBooking', { practice: slug, ...body }).catch(rethrow);

export async function publicPractice(slug: string): Promise<PublicPractice> {
  const answer = await call(slug, { action: 'practice' });
  return {
    practiceName: text(answer['practiceName']) ?? '',
    timeZone: text(answer['timeZone']) ?? 'UTC',
    services: list(answer['services']).flatMap((s) => {
      const id = text(s['$id']);
      const name = text(s['name']);
      if (!id || !name) return [];
      return [{ id, name, durationMinutes: Number(s['durationMinutes'] ?? 0), confirmation: s['confirmation'] === 'instant' ? 'instant' as const : 'approval' as const }];
    }),
  };
}

export async function publicSlots(slug: string, serviceId: string): Promise<Slot[]> {
  return slotsOf((await call(slug, { action: 'slots', serviceId }))['slots']);
}

/** Mails the code; nothing is held yet. */
export async function startBooking(slug: string, serviceId: string, start: string, details: Details): Promise<string> {
  return text((await call(slug, { action: 'start', serviceId, start, ...details }))['bookingId']) ?? '';
}

/** The right code holds the time for 10 minutes (until the answer's `heldUntil`). */
export async function verifyCode(slug: string, bookingId: string, code: string, newClient: boolean): Promise<string> {
  return text((await call(slug, { action: 'verify', bookingId, code, newClient }))['heldUntil']) ?? '';
}

export async function confirmBooking(slug: string, bookingId: string, code: string): Promise<'booked' | 'requested'> {
  return (await call(slug, { action: 'confirm', bookingId, code }))['outcome'] === 'booked' ? 'booked' : 'requested';
}
