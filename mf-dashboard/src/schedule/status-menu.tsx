import { useState, type FormEvent } from 'react';
import { Alert, Button, TextInput, type BadgeTone } from '@cadence/shared-ui';
import { Menu, type MenuItem } from '@cadence/shared-ui/bundled';
import type { PracticeSettings } from '../practice/practice-settings.ts';
import { formatMoney } from '@cadence/shared-auth/money';
import { browserTimeZone, formatInZone } from '../shared/time-zone.ts';
import { useUserId } from '../shared/use-user-id.ts';
import { APPOINTMENT_STATUS_LABELS, cancellationStatus, type AppointmentDocument, type AppointmentStatus } from './appointment.ts';
import { needsChargeDecision, NO_CHARGE_TEXTS } from './no-charge.ts';
import { NoFeeChoice } from './no-fee-choice.tsx';
import { FEE_WAIVED_REASON_MAX, feeThatApplies, useSetStatus, type FeeContext } from './use-set-status.ts';
import './status-menu.css';

/** The statuses in the menu's order; Cancelled stands for Late cancelled too (the window decides which is offered). */
const MENU_STATUSES = ['scheduled', 'show', 'no_show', 'cancelled', 'clinician_cancelled'] as const satisfies readonly AppointmentStatus[];

/** Each status's chip: the words carry it, the tone repeats it for the eye. */
export const STATUS_TONES: Record<AppointmentStatus, BadgeTone> = {
  scheduled: 'info',
  show: 'success',
  no_show: 'danger',
  cancelled: 'neutral',
  late_cancelled: 'warning',
  clinician_cancelled: 'neutral',
};

export const STATUS_TEXTS = {
  groupLabel: 'Attendance',
  /** The chip's accessible name: what it is for, then the status it shows (the visible words inside the name). */
  menuLabel: (label: string, status: string) => `${label}: ${status}`,
  lateCancel: (hours: number, fee: string | null) => `Late cancel (inside ${hours} h) — ${fee === null ? 'no fee' : `fee ${fee}`}`,
  cancelWithoutFee: 'Cancel without fee',
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

export interface StatusMenuProps {
  appointment: AppointmentDocument;
  /** The appointment's client (their fee override), when known. */
  client?: FeeContext['client'];
  /** The appointment's service (its fee), when known. */
  service?: FeeContext['service'];
  /** The practice's settings: the cancellation window and the late-cancel and no-show fees. */
  settings?: PracticeSettings | null | undefined;
  /** What the chip is for; in a list, name the appointment ("Status of Jane D. at 10:00 AM"). */
  label?: string;
  /** The chip only, for a row of a list: no fee line and no waiver. */
  compact?: boolean;
}

interface StatusChoice {
  status: AppointmentStatus;
  text: string;
}

/**
 * The menu's choices. Inside the practice's cancellation window a cancellation is two choices, late
 * with its fee or without one, so the fee is decided in the same menu rather than a second step.
 */
export function statusChoices(appointment: AppointmentDocument, context: FeeContext, now: Date = new Date()): StatusChoice[] {
  const windowHours = context.settings?.cancellationWindowHours ?? 0;
  const late = cancellationStatus(appointment, context.settings ?? null, now) === 'late_cancelled';
  return MENU_STATUSES.flatMap((status): StatusChoice[] => {
    if (status !== 'cancelled') return [{ status, text: APPOINTMENT_STATUS_LABELS[status] }];
    if (late) {
      const fee = feeThatApplies('late_cancelled', context, appointment.currency);
      return [
        { status: 'late_cancelled', text: STATUS_TEXTS.lateCancel(windowHours, fee.amount ? formatMoney(fee.amount, fee.currency) : null) },
        { status: 'cancelled', text: STATUS_TEXTS.cancelWithoutFee },
      ];
    }
    const choices: StatusChoice[] = [{ status: 'cancelled', text: APPOINTMENT_STATUS_LABELS.cancelled }];
    // Already late-cancelled though the window has passed: the status stays shown as a choice.
    if (appointment.status === 'late_cancelled') choices.push({ status: 'late_cancelled', text: APPOINTMENT_STATUS_LABELS.late_cancelled });
    return choices;
  });
}

/**
 * An appointment's attendance (issue #14, issue #37): a status chip that opens one menu of the
 * statuses (the menu button pattern: Enter, Space or the arrows open it on the current status,
 * Escape closes it and focus returns to the chip). The same control wherever a status is set.
 */
export function StatusMenu({ appointment, client, service, settings, label = STATUS_TEXTS.groupLabel, compact = false }: StatusMenuProps) {
  const { setStatus, waiveFee, error, failedAppointmentId, reset } = useSetStatus();
  // Marked Show with no fee that applies: asked for a fee or "No charge" (issue 29). A full control
  // (an appointment's details) asks for as long as it is undecided; a list row after the choice.
  const [askingFee, setAskingFee] = useState(false);
  const context: FeeContext = { client, service, settings };
  const current = appointment.status;
  const currentText = APPOINTMENT_STATUS_LABELS[current];
  const items: MenuItem[] = statusChoices(appointment, context).map((choice) => ({
    label: choice.text,
    checked: choice.status === current,
    onSelect: () => {
      setAskingFee(choice.status === 'show' && !feeThatApplies('show', context, appointment.currency).amount);
      if (choice.status !== current) setStatus(appointment, choice.status, context);
    },
  }));

  return (
    <div className={compact ? 'status-menu status-menu--compact' : 'status-menu'}>
      <Menu label={STATUS_TEXTS.menuLabel(label, currentText)} chip={{ text: currentText, tone: STATUS_TONES[current] }} items={items} />
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
      <p className="status-menu__fee">
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
      <p className="status-menu__fee">
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
        <form className="status-menu__waive" onSubmit={submit} noValidate>
          <TextInput
            label={STATUS_TEXTS.waiveReason}
            value={reason}
            maxLength={FEE_WAIVED_REASON_MAX}
            required
            autoFocus
            error={missing ? STATUS_TEXTS.waiveReasonMissing : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="status-menu__choice-actions">
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
