import type { OwnedDocument } from '../shared/practice-collections.ts';
import { isLateCancellation, lateCancelPolicy, noShowPolicy, policyFee } from '../practice/fee-policy.ts';
import type { PracticeSettings } from '../practice/practice-settings.ts';

// An appointment is one occurrence: its own time, status, fee and note state, whether it belongs to
// a series or not (issue #14). Statuses are the attendance of issue #14; part 4's ledger charges
// from them.

export const APPOINTMENT_STATUSES = ['scheduled', 'show', 'cancelled', 'late_cancelled', 'no_show', 'clinician_cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  scheduled: 'Scheduled',
  show: 'Show',
  cancelled: 'Cancelled',
  late_cancelled: 'Late cancelled',
  no_show: 'No show',
  clinician_cancelled: 'Clinician cancelled',
};

/** Statuses that keep the slot taken (an overlap warns) and show at full strength on the calendar. */
export const ACTIVE_STATUSES: readonly AppointmentStatus[] = ['scheduled', 'show'];
/** Statuses that carry a charge in part 4: such an appointment is cancelled, never deleted. */
export const CHARGED_STATUSES: readonly AppointmentStatus[] = ['show', 'late_cancelled', 'no_show'];

export const LOCATION_TYPES = ['office', 'telehealth'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
export const LOCATION_LABELS: Record<LocationType, string> = { office: 'Office', telehealth: 'Telehealth' };

export const NOTE_STATES = ['none', 'draft', 'signed'] as const;
export type NoteState = (typeof NOTE_STATES)[number];

export interface Appointment {
  clientId: string;
  serviceId: string;
  seriesId: string | null;
  /** UTC instants. */
  start: string;
  end: string;
  status: AppointmentStatus;
  locationType: LocationType;
  meetingLink: string | null;
  adminNote: string | null;
  /** The fee that applies to this appointment's status, in minor units. */
  feeAmount: number | null;
  currency: string;
  feeWaived: boolean;
  feeWaivedReason: string | null;
  /** JSON entries, oldest first: {status, at, by}. */
  statusHistory: string[];
  noteState: NoteState;
  /**
   * An attended session the therapist decided not to charge (issue 29): when and by whom. Absent
   * or null: no decision (an attended session without a fee is then listed until one is made).
   */
  noChargeAt?: string | null;
  noChargeBy?: string | null;
}

export type AppointmentDocument = OwnedDocument<Appointment>;

/**
 * What the calendar asks of each appointment (issue 35: Query.select, so a week's page carries only
 * this): every field of `Appointment` — the grid, the details, the edit, reschedule and delete
 * dialogs, the status menu (which writes the history back whole) and appointmentFromDocument read
 * them all — and `userId`, which ownedBy checks. What only functions write and read (the reminder's
 * `reminderSentFor`) stays on the server.
 */
export const APPOINTMENT_FIELDS = [
  'userId', 'clientId', 'serviceId', 'seriesId', 'start', 'end', 'status', 'locationType', 'meetingLink', 'adminNote',
  'feeAmount', 'currency', 'feeWaived', 'feeWaivedReason', 'statusHistory', 'noteState', 'noChargeAt', 'noChargeBy',
] as const satisfies readonly (keyof Appointment | 'userId')[];

export interface StatusChange {
  status: AppointmentStatus;
  at: string;
  by: string;
}

/** The history entry kept on the appointment for a status change (who and when). */
export function statusEntry(status: AppointmentStatus, by: string, at: Date = new Date()): string {
  return JSON.stringify({ status, at: at.toISOString(), by } satisfies StatusChange);
}

export function statusHistory(appointment: Pick<Appointment, 'statusHistory'>): StatusChange[] {
  const changes: StatusChange[] = [];
  for (const entry of appointment.statusHistory) {
    try {
      const parsed = JSON.parse(entry) as Partial<StatusChange>;
      if (typeof parsed.at === 'string' && (APPOINTMENT_STATUSES as readonly string[]).includes(parsed.status ?? '')) {
        changes.push({ status: parsed.status as AppointmentStatus, at: parsed.at, by: typeof parsed.by === 'string' ? parsed.by : '' });
      }
    } catch {
      // an entry written by another tool: skipped, never a crash
    }
  }
  return changes;
}

export function durationMinutes(appointment: Pick<Appointment, 'start' | 'end'>): number {
  return Math.round((Date.parse(appointment.end) - Date.parse(appointment.start)) / 60_000);
}

/** The session fee: the client's override, else the service's fee. */
export function sessionFee(service: { fee: number | null } | undefined, client: { feeOverride: number | null } | undefined): number | null {
  return client?.feeOverride ?? service?.fee ?? null;
}

/**
 * The fee that applies once an appointment has a status: the session fee when attended, the
 * practice's late-cancel or no-show policy fee (of the session fee) for those, nothing otherwise.
 */
export function feeForStatus(status: AppointmentStatus, fee: number | null, settings: PracticeSettings | null): number | null {
  if (status === 'show') return fee;
  if (!settings) return status === 'late_cancelled' || status === 'no_show' ? 0 : null;
  if (status === 'late_cancelled') return policyFee(lateCancelPolicy(settings), fee ?? 0);
  if (status === 'no_show') return policyFee(noShowPolicy(settings), fee ?? 0);
  return null;
}

/** Cancelling inside the practice's cancellation window suggests Late cancelled. */
export function cancellationStatus(appointment: Pick<Appointment, 'start'>, settings: PracticeSettings | null, now: Date = new Date()): AppointmentStatus {
  if (!settings) return 'cancelled';
  return isLateCancellation(settings.cancellationWindowHours, new Date(appointment.start), now) ? 'late_cancelled' : 'cancelled';
}

/** Whether an appointment may be deleted: never once it has a note or a status that charges. */
export function isDeletable(appointment: Pick<Appointment, 'noteState' | 'status'>): boolean {
  return appointment.noteState === 'none' && !CHARGED_STATUSES.includes(appointment.status);
}

/** Whether two appointments' times overlap (touching ends do not). */
export function overlaps(a: Pick<Appointment, 'start' | 'end'>, b: Pick<Appointment, 'start' | 'end'>): boolean {
  return Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);
}

/** A document as stored, with lists and optional fields read safely (another tool may leave them out). */
export function appointmentFromDocument(document: AppointmentDocument): AppointmentDocument {
  return {
    ...document,
    seriesId: document.seriesId ?? null,
    status: (APPOINTMENT_STATUSES as readonly string[]).includes(document.status) ? document.status : 'scheduled',
    locationType: document.locationType === 'telehealth' ? 'telehealth' : 'office',
    meetingLink: document.meetingLink ?? null,
    adminNote: document.adminNote ?? null,
    feeAmount: document.feeAmount ?? null,
    currency: document.currency ?? 'USD',
    feeWaived: document.feeWaived ?? false,
    feeWaivedReason: document.feeWaivedReason ?? null,
    statusHistory: Array.isArray(document.statusHistory) ? document.statusHistory : [],
    noteState: (NOTE_STATES as readonly string[]).includes(document.noteState) ? document.noteState : 'none',
    noChargeAt: document.noChargeAt ?? null,
    noChargeBy: document.noChargeBy ?? null,
  };
}
