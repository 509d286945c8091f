import { useState } from 'react';
import { Button, TextInput } from '@cadence/shared-ui';
import { QrCode } from '@cadence/shared-ui/qr';
import { FormDialog } from '../../shared/form-dialog.tsx';
import { formatMoney, moneyInputText, parseMoney } from '@cadence/shared-auth/money';
import { checkoutLink } from './card-api.ts';

export interface CardLinkDialogProps {
  clientId: string;
  currency: string;
  balance: number;
  /** The client's email on record, when there is one. */
  email: string | null;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * Take a card payment (issue 33, in the office): a Stripe Checkout link for the amount, shown as a QR
 * code the client scans with their phone, and emailed to the client (the practice's name only).
 * Loaded with this dialog only (the QR encoder comes with it).
 */
export default function CardLinkDialog({ clientId, currency, balance, email, onClose, onDone }: CardLinkDialogProps) {
  const [amount, setAmount] = useState(balance > 0 ? moneyInputText(balance, currency) : '');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [link, setLink] = useState<{ url: string; amount: number } | null>(null);
  const [busy, setBusy] = useState<'link' | 'email' | null>(null);

  const make = async (mail: boolean) => {
    if (busy) return;
    const parsed = parseMoney(amount, currency);
    if (!parsed.ok) return setError(parsed.message);
    if (parsed.value < 100) return setError('Enter at least $1.00.');
    setBusy(mail ? 'email' : 'link');
    setFailure(null);
    try {
      const made = await checkoutLink({ clientId, amount: parsed.value, email: mail });
      if (mail) onDone(made.sent ? `Emailed the client a link to pay ${formatMoney(parsed.value, currency)} by card.` : 'The email could not be sent.');
      else setLink({ url: made.url, amount: parsed.value });
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(null);
    }
  };

  const emailButton = email && (
    <Button onClick={() => void make(true)} loading={busy === 'email'} loadingLabel="Sending…">
      Email the link
    </Button>
  );

  return (
    <FormDialog
      title="Take a card payment"
      description="The client pays on Stripe’s secure page: scan the code with a phone, or get the link by email."
      onClose={onClose}
      action="Take a card payment"
      submitLabel="Show QR code"
      pending={busy !== null}
      submitting={busy === 'link'}
      pendingLabel="Making the link…"
      onSubmit={() => void make(false)}
      failure={failure}
      failureTitle="That did not go through"
      footer={
        link ? (
          <>
            <Button onClick={onClose} disabled={busy !== null}>
              Done
            </Button>
            {emailButton}
          </>
        ) : undefined
      }
      extraActions={emailButton}
      after={
        link && (
          <figure className="money-qr">
            <QrCode value={link.url} label={`QR code to pay ${formatMoney(link.amount, currency)} by card`} size={224} className="money-qr__code" />
            <figcaption>
              Scan to pay {formatMoney(link.amount, currency)}, or open <a href={link.url} target="_blank" rel="noreferrer">the payment page</a>.
            </figcaption>
          </figure>
        )
      }
    >
      <TextInput
        label={`Amount (${currency})`}
        required
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setError(null);
          setLink(null);
        }}
        error={error ?? undefined}
      />
    </FormDialog>
  );
}
