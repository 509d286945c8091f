import type { Appointment } from './appointment.ts';

// Attended sessions that earn nothing (issue 29): a session marked Show when no fee applies (no
// service fee, no client fee) is either given a fee or decided "No charge" — a decision kept on the
// appointment with who and when, which the attendance-charges function honours. Until one or the
// other, the session is listed ("Attended sessions with no charge") so none slips through.

export const NO_CHARGE_TEXTS = {
  cardTitle: 'Attended sessions with no charge',
  cardIntro: 'No fee applied when these were marked attended. Set a fee to bill one, or record that it is free of charge.',
  noFeeYet: 'No fee applies to this session (no service fee and no client fee).',
  setFee: 'Set fee',
  feeLabel: (who: string) => `Fee for ${who}`,
  noCharge: 'No charge',
  noChargeDecided: 'No charge',
  decidedBy: (by: string, when: string) => `decided ${by} on ${when}`,
  byYou: 'by you',
  byOther: 'by another user',
  later: 'Decide later',
  saveFailed: 'The fee was not saved',
  filter: 'Attended, no charge',
} as const;

/** Whether an attended session has no fee and no "No charge" decision: it needs the therapist. */
export function needsChargeDecision(appointment: Pick<Appointment, 'status' | 'feeAmount' | 'noChargeAt'>): boolean {
  return appointment.status === 'show' && (appointment.feeAmount === null || appointment.feeAmount === 0) && !appointment.noChargeAt;
}

/** Whether an attended session carries no charge, decided or not (All Sessions' filter). */
export function attendedWithoutCharge(appointment: Pick<Appointment, 'status' | 'feeAmount' | 'noChargeAt'>): boolean {
  return appointment.status === 'show' && (appointment.feeAmount === null || appointment.feeAmount === 0 || Boolean(appointment.noChargeAt));
}

/** The fields "No charge" writes: who decided and when. */
export function noChargeDecision(by: string, at: Date = new Date()): Partial<Appointment> {
  return { noChargeAt: at.toISOString(), noChargeBy: by };
}

/** The fields a fee set afterwards writes: the fee, and any "No charge" decision taken back. */
export function feeSetAfterwards(amount: number, currency: string): Partial<Appointment> {
  return { feeAmount: amount, currency, noChargeAt: null, noChargeBy: null };
}
