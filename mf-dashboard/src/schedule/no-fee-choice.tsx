import { useId } from 'react';
import { Alert, Button } from '@cadence/shared-ui';
import { FeeEntry } from '../shared/fee-entry.tsx';
import type { AppointmentDocument } from './appointment.ts';
import { NO_CHARGE_TEXTS } from './no-charge.ts';
import { useChargeDecision } from './no-charge-queries.ts';
import './no-charge.css';

export interface NoFeeChoiceProps {
  appointment: AppointmentDocument;
  /** Who the session was with, for the fee field's label ("Fee for Jane D., Tue 3 Mar 10:00"). */
  who?: string;
  /** "Decide later" (a prompt after marking Show); without it, the choice stays until made (a list). */
  onLater?: () => void;
}

/**
 * What an attended session with no fee asks (issue 29): set its fee here, or record "No charge".
 * Self-contained, so the status control, Today's card and any list can place it.
 */
export function NoFeeChoice({ appointment, who, onLater }: NoFeeChoiceProps) {
  const textId = useId();
  const { setFee, decideNoCharge, error, reset } = useChargeDecision();
  return (
    <div role="group" aria-labelledby={textId} className="no-fee-choice">
      <p id={textId}>{NO_CHARGE_TEXTS.noFeeYet}</p>
      <div className="no-fee-choice__actions">
        <FeeEntry label={who ? NO_CHARGE_TEXTS.feeLabel(who) : 'Fee for this session'} currency={appointment.currency} submitLabel={NO_CHARGE_TEXTS.setFee} onSave={(amount) => setFee(appointment, amount)} />
        <Button size="sm" onClick={() => void decideNoCharge(appointment).catch(() => undefined)}>
          {NO_CHARGE_TEXTS.noCharge}
        </Button>
        {onLater && (
          <Button size="sm" variant="quiet" onClick={onLater}>
            {NO_CHARGE_TEXTS.later}
          </Button>
        )}
      </div>
      {error && (
        <Alert tone="error" title={NO_CHARGE_TEXTS.saveFailed} onDismiss={reset}>
          {error.message}
        </Alert>
      )}
    </div>
  );
}
