import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from '@cadence/shared-router';
import { formatMoney as money, parseMoney } from '@cadence/shared-auth/money';
import { Alert, Button, TextInput } from '@cadence/shared-ui';
import { paymentState, paymentSummary, startPayment, type PayChoice, type PaymentSummary } from './payments-api.ts';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; summary: PaymentSummary };
type Choice = { kind: 'invoice'; id: string } | { kind: 'balance' } | { kind: 'amount' };

/** After Stripe's Checkout: whether this practice's ledger has the payment yet (asked a few times). */
function PaidNotice({ practiceId, clientId, sessionId, onRecorded }: { practiceId: string; clientId: string; sessionId: string; onRecorded: () => void }) {
  const [state, setState] = useState<'recorded' | 'processing' | 'unpaid' | null | 'asking'>('asking');
  useEffect(() => {
    let live = true;
    let tries = 0;
    const ask = async () => {
      const now = await paymentState(practiceId, clientId, sessionId).catch(() => null);
      if (!live) return;
      setState(now);
      if (now === 'recorded') onRecorded();
      else if (now === 'processing' && tries++ < 10) setTimeout(() => void ask(), 1500);
    };
    void ask();
    return () => {
      live = false;
    };
  }, [practiceId, clientId, sessionId, onRecorded]);
  if (state === 'recorded') return <Alert tone="success">Payment received — thank you.</Alert>;
  if (state === 'processing') return <Alert tone="info">Your payment is processing. It will show here shortly.</Alert>;
  return null;
}

/**
 * One practice's "Pay by card" (issue 33): the balance and open invoices, pay an invoice, the whole
 * balance or another amount (at least $1, at most the balance unless the practice takes prepayments)
 * on Stripe's hosted Checkout, optionally saving the card under the terms shown.
 */
export function PracticePayments({ practiceId, clientId }: { practiceId: string; clientId: string }) {
  const id = useId();
  const [params] = useSearchParams();
  const paid = params.get('paid');
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [reload, setReload] = useState(0);
  const [choice, setChoice] = useState<Choice>({ kind: 'balance' });
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Stable, so the notice asks once per return from Checkout, not on every render.
  const refresh = useCallback(() => setReload((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    paymentSummary(practiceId, clientId).then(
      (summary) => live && setLoad({ kind: 'ready', summary }),
      () => live && setLoad({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [practiceId, clientId, reload]);

  if (load.kind === 'loading') return null;
  if (load.kind === 'failed') return <p className="portal-muted">Your balance could not be loaded. Reload the page to try again.</p>;
  const { summary } = load;
  const notice = paid ? <PaidNotice practiceId={practiceId} clientId={clientId} sessionId={paid} onRecorded={refresh} /> : null;
  if (summary.balance === 0 && !(summary.online && summary.allowPrepayment)) {
    return <section aria-labelledby={`${id}-pay`} className="portal-payments"><h3 id={`${id}-pay`}>Payments</h3>{notice}<p>You have no balance due.</p></section>;
  }
  const owed = <p>Balance due: <strong>{money(summary.balance, summary.currency)}</strong></p>;
  if (!summary.online) {
    return <section aria-labelledby={`${id}-pay`} className="portal-payments"><h3 id={`${id}-pay`}>Payments</h3>{notice}{owed}<p className="portal-muted">This practice does not take card payments online.</p></section>;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    let pay: PayChoice;
    if (choice.kind === 'invoice') pay = { what: 'invoice', invoiceId: choice.id };
    else if (choice.kind === 'balance') pay = { what: 'balance' };
    else {
      // In the practice's currency: its minor units (cents, yen, fils), as the ledger and Stripe count them.
      const parsed = parseMoney(amount, summary.currency);
      const problem = !parsed.ok ? (amount.trim() ? parsed.message : 'Enter at least $1.00.') : parsed.value < 100 ? 'Enter at least $1.00.' : parsed.value > summary.balance && !summary.allowPrepayment ? 'Enter no more than what you owe.' : null;
      setAmountError(problem);
      if (problem || !parsed.ok) return;
      pay = { what: 'amount', amount: parsed.value };
    }
    setBusy(true);
    try {
      window.location.assign(await startPayment(practiceId, clientId, pay, saveCard));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The payment could not be started. Please try again.');
      setBusy(false);
    }
  };

  const radio = (value: Choice, label: string) => {
    const key = value.kind === 'invoice' ? `invoice-${value.id}` : value.kind;
    const checked = choice.kind === value.kind && (value.kind !== 'invoice' || (choice.kind === 'invoice' && choice.id === value.id));
    return (
      <label key={key} className="portal-payments__choice">
        <input type="radio" name={`${id}-what`} checked={checked} onChange={() => setChoice(value)} /> {label}
      </label>
    );
  };

  return (
    <section aria-labelledby={`${id}-pay`} className="portal-payments">
      <h3 id={`${id}-pay`}>Payments</h3>
      {notice}
      {owed}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset>
          <legend>What would you like to pay?</legend>
          {summary.invoices.map((invoice) => radio({ kind: 'invoice', id: invoice.id }, `Invoice ${invoice.number} — ${money(invoice.open, summary.currency)}`))}
          {summary.balance > 0 ? radio({ kind: 'balance' }, `Whole balance — ${money(summary.balance, summary.currency)}`) : null}
          {radio({ kind: 'amount' }, 'Another amount')}
        </fieldset>
        {choice.kind === 'amount' ? (
          <TextInput label={`Amount (${summary.currency})`} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} error={amountError ?? undefined} />
        ) : null}
        <label className="portal-payments__save">
          <input type="checkbox" checked={saveCard} onChange={(event) => setSaveCard(event.target.checked)} aria-describedby={`${id}-terms`} /> Save this card for future payments
        </label>
        <p id={`${id}-terms`} className="portal-muted">{summary.cardTerms}</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button type="submit" variant="primary" loading={busy} loadingLabel="Opening secure checkout…">Pay by card</Button>
      </form>
    </section>
  );
}
