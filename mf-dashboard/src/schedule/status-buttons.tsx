import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert, Button, TextInput } from '@cadence/shared-ui';
import type { PracticeSettings } from '../practice/practice-settings.ts';
import { formatMoney } from '../shared/money.ts';
import { browserTimeZone, formatInZone } from '../shared/time-zone.ts';
import { useUserId } from '../shared/use-user-id.ts';
import { APPOINTMENT_STATUS_LABELS, cancellationStatus, statusHistory, type AppointmentDocument, type AppointmentStatus } from './appointment.ts';
import { needsChargeDecision, NO_CHARGE_TEXTS } from './no-charge.ts';
import { NoFeeChoice } from './no-fee-choice.tsx';
import { FEE_WAIVED_REASON_MAX, feeThatApplies, useSetStatus, type FeeContext } from './use-set-status.ts';
import './status-buttons.css';

/** The buttons in their order; Cancelled stands for Late cancelled too (the window decides which). */
const BUTTON_STATUSES = ['scheduled', 'show', 'no_show', 'cancelled', 'clinician_cancelled'] as const satisfies readonly AppointmentStatus[];

export const STATUS_TEXTS = {
  groupLabel: 'Attendance',
  lateCancel: (hours: number, fee: string | null) => `Late cancel (inside ${hours} h) — ${fee === null ? 'no fee' : `fee ${fee}`}`,
  cancelWithoutFee: 'Cancel without fee',
  keepStatus: 'Back',
  insideWindow: (hours: number) => `Cancelled inside the ${hours}-hour cancellation window.`,
  fee: 'Fee',
  lateCancelFee: 'Late-cancel fee',
  noShowFee: 'No-show fee',
  feeWaived: 'Fee waived',
  waiveFee: 'Waive fee',
  chargeFee: 'Charge the fee',
  waiveReason: 'Why is the fee waived?',
  waiveReasonMissing: 'Say why the fee is waived.',
  keepFee: 'Keep the fee',
  saveFailed: 'The status was not saved',
  historyTitle: 'Status history',
  noHistory: 'No status changes yet.',
  byYou: 'by you',
  byOther: 'by another user',
} as const;

export interface StatusButtonsProps {
  appointment: AppointmentDocument;
  /** The appointment's client (their fee override), when known. */
  client?: FeeContext['client'];
  /** The appointment's service (its fee), when known. */
  service?: FeeContext['service'];
  /** The practice's settings: the cancellation window and the late-cancel and no-show fees. */
  settings?: PracticeSettings | null | undefined;
  /** The group's accessible name; in a list, name the appointment ("Status of Jane D. at 10:00"). */
  label?: string;
  /** Buttons only, for a row of a list: no fee line and no waiver. */
  compact?: boolean;
}

/**
 * An appointment's attendance in one click (issue #14): Scheduled, Show, No show, Cancelled,
 * Clinician cancelled, the current one pressed. Cancelling inside the practice's cancellation
 * window asks once: late cancel with its fee, or cancel without one.
 */
export function StatusButtons({ appointment, client, service, settings, label = STATUS_TEXTS.groupLabel, compact = false }: StatusButtonsProps) {
  const { setStatus, waiveFee, error, failedAppointmentId, reset } = useSetStatus();
  const [choosingCancel, setChoosingCancel] = useState(false);
  // Marked Show with no fee that applies: asked for a fee or "No charge" (issue 29). A full control
  // (an appointment's details) asks for as long as it is undecided; a list row after the click.
  const [askingFee, setAskingFee] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const context: FeeContext = { client, service, settings };
  const current = appointment.status;
  const windowHours = settings?.cancellationWindowHours ?? 0;

  const choose = (status: AppointmentStatus) => {
    if (status === 'cancelled' && cancellationStatus(appointment, settings ?? null) === 'late_cancelled') {
      setChoosingCancel(true);
      return;
    }
    setChoosingCancel(false);
    setAskingFee(status === 'show' && !feeThatApplies('show', context, appointment.currency).amount);
    if (status !== current) setStatus(appointment, status, context);
  };

  const closeChoice = (status: AppointmentStatus | null) => {
    setChoosingCancel(false);
    if (status && status !== current) setStatus(appointment, status, context);
    cancelButton.current?.focus();
  };

  return (
    <div className={compact ? 'status-buttons status-buttons--compact' : 'status-buttons'}>
      <div role="group" aria-label={label} className="status-buttons__group">
        {BUTTON_STATUSES.map((status) => {
          const pressed = status === 'cancelled' ? current === 'cancelled' || current === 'late_cancelled' : current === status;
          const text = status === 'cancelled' && current === 'late_cancelled' ? APPOINTMENT_STATUS_LABELS.late_cancelled : APPOINTMENT_STATUS_LABELS[status];
          return (
            <Button
              key={status}
              size="sm"
              variant={pressed ? 'primary' : 'secondary'}
              aria-pressed={pressed}
              aria-expanded={status === 'cancelled' && choosingCancel ? true : undefined}
              ref={status === 'cancelled' ? cancelButton : undefined}
              onClick={() => choose(status)}
            >
              {text}
            </Button>
          );
        })}
      </div>
      {choosingCancel && <CancelChoice hours={windowHours} fee={feeThatApplies('late_cancelled', context, appointment.currency)} onChoose={closeChoice} />}
      {!compact && <FeeLine appointment={appointment} onWaive={(reason) => waiveFee(appointment, reason)} />}
      {(askingFee || !compact) && needsChargeDecision(appointment) && <NoFeeChoice appointment={appointment} onLater={compact ? () => setAskingFee(false) : undefined} />}
      {error && failedAppointmentId === appointment.$id && (
        <Alert tone="error" title={STATUS_TEXTS.saveFailed} onDismiss={reset}>
          {error.message}
        </Alert>
      )}
    </div>
  );
}

function CancelChoice({ hours, fee, onChoose }: { hours: number; fee: { amount: number | null; currency: string }; onChoose: (status: AppointmentStatus | null) => void }) {
  const first = useRef<HTMLButtonElement>(null);
  const textId = useId();
  useEffect(() => first.current?.focus(), []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onChoose(null);
    }
  };
  const feeText = fee.amount ? formatMoney(fee.amount, fee.currency) : null;
  return (
    <div role="group" aria-labelledby={textId} className="status-buttons__choice" onKeyDown={onKeyDown}>
      <p id={textId}>{STATUS_TEXTS.insideWindow(hours)}</p>
      <div className="status-buttons__choice-actions">
        <Button ref={first} size="sm" variant="primary" onClick={() => onChoose('late_cancelled')}>
          {STATUS_TEXTS.lateCancel(hours, feeText)}
        </Button>
        <Button size="sm" onClick={() => onChoose('cancelled')}>
          {STATUS_TEXTS.cancelWithoutFee}
        </Button>
        <Button size="sm" variant="quiet" onClick={() => onChoose(null)}>
          {STATUS_TEXTS.keepStatus}
        </Button>
      </div>
    </div>
  );
}

/** The fee recorded for the status, and for a late cancellation or no-show its waiver. */
function FeeLine({ appointment, onWaive }: { appointment: AppointmentDocument; onWaive: (reason: string | null) => void }) {
  const [waiving, setWaiving] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const userId = useUserId();
  const { status, feeAmount, currency, feeWaived, feeWaivedReason, noChargeAt, noChargeBy } = appointment;
  const policyFee = status === 'late_cancelled' || status === 'no_show';
  if (status !== 'show' && !policyFee) return null;
  if (status === 'show' && noChargeAt) {
    const by = noChargeBy === userId ? NO_CHARGE_TEXTS.byYou : NO_CHARGE_TEXTS.byOther;
    return (
      <p className="status-buttons__fee">
        <span>
          {STATUS_TEXTS.fee}: {NO_CHARGE_TEXTS.noChargeDecided} ({NO_CHARGE_TEXTS.decidedBy(by, formatInZone(noChargeAt, browserTimeZone()))})
        </span>
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    onWaive(reason);
    setWaiving(false);
    setReason('');
    setMissing(false);
  };

  if (policyFee && feeWaived) {
    return (
      <p className="status-buttons__fee">
        <span>
          {STATUS_TEXTS.feeWaived}
          {feeWaivedReason ? `: ${feeWaivedReason}` : ''}
        </span>
        <Button size="sm" variant="quiet" onClick={() => onWaive(null)}>
          {STATUS_TEXTS.chargeFee}
        </Button>
      </p>
    );
  }
  const name = status === 'show' ? STATUS_TEXTS.fee : status === 'late_cancelled' ? STATUS_TEXTS.lateCancelFee : STATUS_TEXTS.noShowFee;
  return (
    <>
      <p className="status-buttons__fee">
        <span>
          {name}: {feeAmount === null ? '—' : formatMoney(feeAmount, currency)}
        </span>
        {policyFee && (feeAmount ?? 0) > 0 && !waiving && (
          <Button size="sm" variant="quiet" onClick={() => setWaiving(true)}>
            {STATUS_TEXTS.waiveFee}
          </Button>
        )}
      </p>
      {waiving && (
        <form className="status-buttons__waive" onSubmit={submit} noValidate>
          <TextInput
            label={STATUS_TEXTS.waiveReason}
            value={reason}
            maxLength={FEE_WAIVED_REASON_MAX}
            required
            autoFocus
            error={missing ? STATUS_TEXTS.waiveReasonMissing : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="status-buttons__choice-actions">
            <Button type="submit" size="sm" variant="primary">
              {STATUS_TEXTS.waiveFee}
            </Button>
            <Button size="sm" variant="quiet" onClick={() => setWaiving(false)}>
              {STATUS_TEXTS.keepFee}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}

/** An appointment's status changes, oldest first: what, when (in the practice's zone) and who. */
export function StatusHistory({ appointment, timeZone, headingLevel = 3 }: { appointment: Pick<AppointmentDocument, 'statusHistory'>; timeZone: string; headingLevel?: 2 | 3 | 4 }) {
  const userId = useUserId();
  const headingId = useId();
  const changes = statusHistory(appointment);
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby={headingId} className="status-history">
      <Heading id={headingId} className="status-history__title">
        {STATUS_TEXTS.historyTitle}
      </Heading>
      {changes.length === 0 ? (
        <p>{STATUS_TEXTS.noHistory}</p>
      ) : (
        <ol className="status-history__list">
          {changes.map((change, index) => (
            <li key={`${change.at}-${index}`}>
              <strong>{APPOINTMENT_STATUS_LABELS[change.status]}</strong> <time dateTime={change.at}>{formatInZone(change.at, timeZone, { withZoneName: true })}</time>{' '}
              <span>{change.by === userId ? STATUS_TEXTS.byYou : STATUS_TEXTS.byOther}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
