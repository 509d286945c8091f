import { executeFunction, FunctionRefusedError } from '@cadence/shared-auth';
import type { LocationType } from '../appointment.ts';

// The schedule-series function (backend/functions/schedule-series): series are expanded, split and
// ended on the server, with rrule-temporal and in Appwrite transactions, so a failed save leaves
// no stray occurrence.

export interface SeriesInput {
  clientId: string;
  serviceId: string;
  /** Local wall time of the first occurrence in timeZone: "2026-03-03T10:00". */
  dtstart: string;
  timeZone: string;
  durationMinutes: number;
  /** RRULE body without DTSTART. */
  rrule: string;
  locationType: LocationType;
  meetingLink?: string;
  adminNote?: string;
}

export interface SeriesChanges {
  date?: string;
  time?: string;
  durationMinutes?: number;
  serviceId?: string;
  locationType?: LocationType;
  meetingLink?: string;
  adminNote?: string;
  rrule?: string;
}

export type SeriesScope = 'following' | 'all';

export interface Overlap {
  start: string;
  appointmentId: string;
  /** Whose appointment it is (the warning names each client once). */
  clientId?: string;
}

/** The function refused: its message, the form field it is about, and any overlapping appointments. */
export class SeriesRefusal extends Error {
  override name = 'SeriesRefusal';
  constructor(
    message: string,
    readonly field: string | null,
    readonly overlaps: Overlap[],
  ) {
    super(message);
  }
}

interface SeriesAnswer {
  success?: boolean;
  error?: string | null;
  message?: string;
  field?: string;
  overlaps?: Overlap[];
  seriesId?: string;
  created?: number;
  kept?: number;
}

async function run(body: Record<string, unknown>): Promise<SeriesAnswer> {
  try {
    return await executeFunction<SeriesAnswer>('scheduleSeries', body);
  } catch (error) {
    if (error instanceof FunctionRefusedError) {
      const answer = error.answer as SeriesAnswer;
      throw new SeriesRefusal(answer.message ?? answer.error ?? error.message, answer.field ?? null, Array.isArray(answer.overlaps) ? answer.overlaps : []);
    }
    throw error;
  }
}

export function createSeries(series: SeriesInput, allowOverlap = false): Promise<SeriesAnswer> {
  return run({ action: 'create', series, allowOverlap });
}

export function editSeries(appointmentId: string, scope: SeriesScope, changes: SeriesChanges): Promise<SeriesAnswer> {
  return run({ action: 'edit', appointmentId, scope, changes });
}

export function endSeries(appointmentId: string, scope: SeriesScope): Promise<SeriesAnswer> {
  return run({ action: 'delete', appointmentId, scope });
}
