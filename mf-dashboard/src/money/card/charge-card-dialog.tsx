import { useRef, useState } from 'react';
import { useQuery } from '@cadence/shared-auth/query';
import { Alert, Button, RadioGroup, Skeleton, TextInput } from '@cadence/shared-ui';
import { FormDialog } from '../../shared/form-dialog.tsx';
import { formatMoney, moneyInputText, parseMoney } from '@cadence/shared-auth/money';
import { useUserId } from '../../shared/use-user-id.ts';
import { useMoneyWrite } from '../money-queries.ts';
import { moneyKeys } from '../money-keys.ts';
import { CardRefusal, chargeCard, savedCards, sendPayLink } from './card-api.ts';

export interface ChargeCardDialogProps {
  clientId: string;
  currency: string;
  /** What the client owes now: the amount's default. */
  balance: number;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** The client's saved cards (the function asks Stripe), kept with the client's money. */
export function useSavedCards(clientId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...moneyKeys.all(userId), 'client', clientId, 'cards'],
    queryFn: () => savedCards(clientId),
    enabled: userId !== '' && clientId !== '',
    // Each try asks Stripe: once is enough; the card buttons stay away until it answers.
    retry: false,
    meta: { failure: "Loading the client's saved cards failed" },
  });
}

/**
 * Charge card (issue 33, in the office): a saved card charged now on the practice's account. A decline
 * says why in plain words and records nothing; when the bank wants the client to confirm, the
 * therapist can email the client a link to pay in the portal (the practice's name only).
 */
export function ChargeCardDialog({ clientId, currency, balance, onClose, onDone }: ChargeCardDialogProps) {
  const cards = useSavedCards(clientId);
  const [cardId, setCardId] = useState<string | null>(null);
  const [amount, setAmount] = useState(balance > 0 ? moneyInputText(balance, currency) : '');
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState<CardRefusal | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const idempotencyKey = useRef(crypto.randomUUID());
  const write = useMoneyWrite(chargeCard);
  const [linking, setLinking] = useState(false);
  const list = cards.data?.cards ?? [];
  const chosen = cardId ?? list[0]?.id ?? null;

  const submit = async () => {
    if (write.isPending || !chosen) return;
    const parsed = parseMoney(amount, currency);
    if (!parsed.ok) return setError(parsed.message);
    if (parsed.value < 100) return setError('Enter at least $1.00.');
    setDeclined(null);
    setFailure(null);
    try {
      await write.mutateAsync({ clientId, paymentMethodId: chosen, amount: parsed.value, idempotencyKey: idempotencyKey.current });
      onDone(`Charged ${formatMoney(parsed.value, currency)} to ${list.find((card) => card.id === chosen)?.label ?? 'the card'}.`);
    } catch (caught) {
      idempotencyKey.current = crypto.randomUUID();
      if (caught instanceof CardRefusal && caught.field === 'amount') setError(caught.message);
      else if (caught instanceof CardRefusal) setDeclined(caught);
      else setFailure(caught instanceof Error ? caught.message : String(caught));
    }
  };

  const emailLink = async () => {
    setLinking(true);
    try {
      const sent = await sendPayLink(clientId);
      onDone(sent ? 'Emailed the client a link to pay in the portal.' : 'The email could not be sent. Ask the client to sign in to the portal to pay.');
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setLinking(false);
    }
  };

  return (
    <FormDialog
      title="Charge card"
      description="Charges a card the client saved with the practice, now."
      onClose={onClose}
      action="Charge card"
      pending={write.isPending}
      pendingLabel="Charging…"
      submitDisabled={!chosen}
      onSubmit={() => void submit()}
      failure={failure}
      failureTitle="That did not go through"
    >
      {declined && (
        <Alert
          tone={declined.needsAuthentication ? 'warning' : 'error'}
          title="The card was not charged"
          action={declined.needsAuthentication ? <Button size="sm" loading={linking} loadingLabel="Sending…" onClick={() => void emailLink()}>Email the client a link to pay</Button> : undefined}
        >
          {declined.message}
        </Alert>
      )}
      {cards.isPending ? (
        <Skeleton label="Loading saved cards" lines={2} />
      ) : cards.isError ? (
        <Alert tone="error" title="Saved cards could not be loaded">Please try again.</Alert>
      ) : list.length === 0 ? (
        <p className="money-muted">No saved card. A client saves a card when paying in the portal; use Take a card payment instead.</p>
      ) : (
        <RadioGroup
          label="Card"
          required
          options={list.map((card) => ({ value: card.id, label: card.expires ? `${card.label}, expires ${card.expires}` : card.label }))}
          value={chosen}
          onChange={setCardId}
        />
      )}
      <TextInput
        label={`Amount (${currency})`}
        required
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setError(null);
        }}
        error={error ?? undefined}
      />
    </FormDialog>
  );
}
