import { executeFunction, FunctionRefusedError } from '@cadence/shared-auth';

// The client's side of booking (issue 32): every call is book-slot's, which computes the slots and
// applies the practice's rules (the window, the fee, the undo time) on the server; the portal shows
// what it answers and says what the client chose.

export interface Slot { start: string; end: string }
export interface BookableService { id: string; name: string; durationMinutes: number; confirmation: 'instant' | 'approval' }
export interface CancelTerms { late: boolean; fee: number | null; currency: string }

export interface UpcomingAppointment {
  id: string;
  serviceId: string;
  serviceName: string | null;
  start: string;
  end: string;
  canReschedule: boolean;
  cancel: CancelTerms;
  /** Until when it can be undone (a booking made in the last 5 minutes); null otherwise. */
  undoUntil: string | null;
  /** The online booking it came from (undo takes this id). */
  requestId: string | null;
}

export interface BookingRequest {
  id: string;
  serviceName: string | null;
  start: string;
  status: 'requested' | 'approved' | 'declined' | 'withdrawn';
  message: string | null;
  undoUntil: string | null;
}

export interface MyBookings {
  practiceName: string;
  timeZone: string;
  cancellationWindowHours: number;
  appointments: UpcomingAppointment[];
  requests: BookingRequest[];
}

/** "That time was just taken": the server's next slots come with it. */
export class SlotTakenError extends Error {
  constructor(readonly slots: Slot[]) {
    super('That time was just taken');
  }
}

/** Cancelling inside the window needs the client's yes to these terms first. */
export class LateCancelError extends Error {
  constructor(readonly terms: CancelTerms) {
    super('Late cancellation');
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map(record) : []);

function slotsOf(value: unknown): Slot[] {
  return list(value).flatMap((s) => (text(s['start']) && text(s['end']) ? [{ start: String(s['start']), end: String(s['end']) }] : []));
}

function termsOf(value: unknown): CancelTerms {
  const terms = record(value);
  return { late: terms['late'] === true, fee: typeof terms['fee'] === 'number' ? terms['fee'] : null, currency: text(terms['currency']) ?? 'USD' };
}

/** A refusal the page acts on (a taken time, late terms) as its own error; anything else as it came. */
function rethrow(error: unknown): never {
  if (error instanceof FunctionRefusedError && error.status === 409) {
    const answer = record(error.answer);
    if (answer['field'] === 'start') throw new SlotTakenError(slotsOf(answer['slots']));
    if (answer['field'] === 'confirmLate') throw new LateCancelError(termsOf(answer['cancel']));
  }
  throw error;
}

export async function listServices(accessId: string): Promise<{ timeZone: string; services: BookableService[]; askSelfPay: boolean }> {
  const answer = await executeFunction<{ success?: boolean; timeZone?: unknown; services?: unknown; askSelfPay?: unknown }>('bookSlot', { action: 'services', accessId });
  return {
    timeZone: text(answer.timeZone) ?? 'UTC',
    // Issue 32 (Good Faith Estimates): the practice has no answer yet to "Will you use insurance for these sessions?".
    askSelfPay: answer.askSelfPay === true,
    services: list(answer.services).flatMap((s) => {
      const id = text(s['$id']);
      const name = text(s['name']);
      if (!id || !name) return [];
      return [{ id, name, durationMinutes: Number(s['durationMinutes'] ?? 0), confirmation: s['confirmation'] === 'instant' ? 'instant' as const : 'approval' as const }];
    }),
  };
}

export async function listSlots(accessId: string, serviceId: string): Promise<Slot[]> {
  const answer = await executeFunction<{ success?: boolean; slots?: unknown }>('bookSlot', { action: 'slots', accessId, serviceId });
  return slotsOf(answer.slots);
}

export interface Booked { outcome: 'booked' | 'requested'; requestId: string; start: string; undoUntil: string | null }

export async function bookSlot(accessId: string, serviceId: string, start: string, usesInsurance?: boolean): Promise<Booked> {
  const answer = await executeFunction<{ success?: boolean; outcome?: unknown; request?: unknown; undoUntil?: unknown }>('bookSlot', { action: 'book', accessId, serviceId, start, usesInsurance }).catch(rethrow);
  const request = record(answer.request);
  return { outcome: answer.outcome === 'booked' ? 'booked' : 'requested', requestId: text(request['$id']) ?? '', start: text(request['start']) ?? start, undoUntil: text(answer.undoUntil) };
}

export async function myBookings(accessId: string): Promise<MyBookings> {
  const answer = record(await executeFunction('bookSlot', { action: 'mine', accessId }));
  return {
    practiceName: text(answer['practiceName']) ?? '',
    timeZone: text(answer['timeZone']) ?? 'UTC',
    cancellationWindowHours: typeof answer['cancellationWindowHours'] === 'number' ? answer['cancellationWindowHours'] : 0,
    appointments: list(answer['appointments']).flatMap((a) => {
      const id = text(a['$id']);
      const start = text(a['start']);
      if (!id || !start) return [];
      return [{
        id, start, end: text(a['end']) ?? start, serviceId: text(a['serviceId']) ?? '', serviceName: text(a['serviceName']), canReschedule: a['canReschedule'] === true,
        cancel: termsOf(a['cancel']), undoUntil: text(a['undoUntil']), requestId: text(a['requestId']),
      }];
    }),
    requests: list(answer['requests']).flatMap((r) => {
      const id = text(r['$id']);
      const start = text(r['start']);
      const status = r['status'];
      if (!id || !start || (status !== 'requested' && status !== 'approved' && status !== 'declined' && status !== 'withdrawn')) return [];
      return [{ id, start, status, serviceName: text(r['serviceName']), message: text(r['message']), undoUntil: text(r['undoUntil']) }];
    }),
  };
}

export async function undoBooking(accessId: string, requestId: string): Promise<void> {
  await executeFunction('bookSlot', { action: 'undo', accessId, requestId });
}

/** A request the practice has not answered yet, taken back (after Undo's 5 minutes too); the practice is told. */
export async function withdrawRequest(accessId: string, requestId: string): Promise<void> {
  await executeFunction('bookSlot', { action: 'withdraw', accessId, requestId });
}

export async function rescheduleAppointment(accessId: string, appointmentId: string, start: string): Promise<void> {
  await executeFunction('bookSlot', { action: 'reschedule', accessId, appointmentId, start }).catch(rethrow);
}

export async function cancelAppointment(accessId: string, appointmentId: string, confirmLate: boolean): Promise<{ late: boolean; fee: number | null; currency: string }> {
  const answer = record(await executeFunction('bookSlot', { action: 'cancel', accessId, appointmentId, confirmLate }).catch(rethrow));
  return { late: answer['status'] === 'late_cancelled', fee: typeof answer['fee'] === 'number' ? answer['fee'] : null, currency: text(answer['currency']) ?? 'USD' };
}
