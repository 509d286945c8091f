import { useMemo, useRef, useState } from 'react';
import { TextInput } from '@cadence/shared-ui';
import { FormDialog } from '../../shared/form-dialog.tsx';
import { formatMoney, moneyInputText, parseMoney } from '@cadence/shared-auth/money';
import { paymentName } from '../entry-dialog.tsx';
import { refundablePayments, type LedgerEntryDocument } from '../ledger.ts';
import { useClientEntries, useMoneyWrite } from '../money-queries.ts';
import { CardRefusal, refundToCard } from './card-api.ts';

export interface CardRefundDialogProps {
  payment: LedgerEntryDocument;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * Refund to card (issue 33): part or all of what is left of a card payment goes back to the card
 * through Stripe, on the practice's account; the refund entry is in the ledger when it says so.
 * Stripe's own words when it refuses (more than is left, a disputed charge).
 */
export function CardRefundDialog({ payment, onClose, onDone }: CardRefundDialogProps) {
  const entries = useClientEntries(payment.clientId);
  const left = useMemo(() => refundablePayments(entries.data ?? []).find((each) => each.payment.$id === payment.$id)?.left ?? null, [entries.data, payment.$id]);
  const [amount, setAmount] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const idempotencyKey = useRef(crypto.randomUUID());
  const write = useMoneyWrite(refundToCard);
  const shown = amount ?? (left !== null ? moneyInputText(left, payment.currency) : '');
  const card = payment.reference ?? 'the card';

  const submit = async () => {
    if (write.isPending) return;
    const parsed = parseMoney(shown, payment.currency);
    if (!parsed.ok) return setError(parsed.message);
    if (parsed.value <= 0) return setError('Enter an amount greater than zero.');
    setFailure(null);
    try {
      await write.mutateAsync({ entryId: payment.$id, amount: parsed.value, idempotencyKey: idempotencyKey.current });
      onDone(`Refunded ${formatMoney(parsed.value, payment.currency)} to ${card}.`);
    } catch (caught) {
      // A new attempt is a new refund: Stripe keeps the key of one that went through.
      idempotencyKey.current = crypto.randomUUID();
      if (caught instanceof CardRefusal && caught.field === 'amount') setError(caught.message);
      else setFailure(caught instanceof Error ? caught.message : String(caught));
    }
  };

  return (
    <FormDialog
      title="Refund to card"
      description={`${paymentName(payment)}, ${card}. The money goes back to the card through Stripe.`}
      onClose={onClose}
      action="Refund to card"
      pending={write.isPending}
      pendingLabel="Refunding…"
      onSubmit={() => void submit()}
      failure={failure}
      failureTitle="Not refunded"
    >
      <TextInput
        label={`Amount (${payment.currency})`}
        hint={left !== null ? `At most ${formatMoney(left, payment.currency)}, what is left of this payment.` : undefined}
        required
        inputMode="decimal"
        autoComplete="off"
        value={shown}
        onChange={(event) => {
          setAmount(event.target.value);
          setError(null);
        }}
        error={error ?? undefined}
      />
    </FormDialog>
  );
}
