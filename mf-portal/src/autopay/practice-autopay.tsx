import { useEffect, useId, useState, type FormEvent } from 'react';
import { executeFunction } from '@cadence/shared-auth';
import { autoPayNotice, autoPaySummaryOf, type AutoPaySummary } from '@cadence/shared-auth/autopay';
import { Alert, Button } from '@cadence/shared-ui';

// AutoPay in the portal (issue 33): the client turns it on for one of their saved cards after reading
// the terms (the function records the terms' version and the time), sees every upcoming charge —
// "AutoPay will charge $X to Visa •••• 4242 on {date}" — and can pay another way first (Pay by card
// above) or turn it off at once.

type Answer = { success?: boolean; error?: string | null } & Record<string, unknown>;
type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; summary: AutoPaySummary };

const call = async (body: Record<string, unknown>) => autoPaySummaryOf(await executeFunction<Answer>('autopay', body));

export function PracticeAutoPay({ practiceId, clientId }: { practiceId: string; clientId: string }) {
  const id = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [cardId, setCardId] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    call({ action: 'summary', practiceId, clientId }).then(
      (summary) => live && setLoad({ kind: 'ready', summary }),
      () => live && setLoad({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [practiceId, clientId]);

  if (load.kind !== 'ready') return null;
  const { summary } = load;
  if (!summary.online || (!summary.enabled && summary.cards.length === 0)) return null;

  const change = async (body: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    try {
      setLoad({ kind: 'ready', summary: await call({ practiceId, clientId, ...body }) });
      setAgreed(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'AutoPay could not be changed. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const turnOn = (event: FormEvent) => {
    event.preventDefault();
    if (!agreed) {
      setProblem('Read and accept the AutoPay terms to turn AutoPay on.');
      return;
    }
    setProblem(null);
    void change({ action: 'enable', termsVersion: summary.termsVersion, ...(cardId ? { paymentMethodId: cardId } : {}) });
  };

  return (
    <section aria-labelledby={`${id}-autopay`} className="portal-payments portal-autopay">
      <h3 id={`${id}-autopay`}>AutoPay</h3>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {summary.enabled ? (
        <>
          <p>AutoPay is on with {summary.card}.</p>
          {summary.usesInsurance && !summary.allowInsurance ? (
            <p className="portal-muted">AutoPay does not charge sessions billed to your insurance.</p>
          ) : summary.upcoming.length > 0 ? (
            <ul className="portal-autopay__notices">
              {summary.upcoming.map((charge) => (
                <li key={`${charge.kind}-${charge.date}-${charge.amount}`}>{autoPayNotice(charge, summary.card ?? '', summary.currency)}</li>
              ))}
            </ul>
          ) : (
            <p className="portal-muted">Nothing is due for AutoPay to charge.</p>
          )}
          <p className="portal-muted">To pay another way first, use Pay by card above: AutoPay then charges only what is still owed.</p>
          <Button onClick={() => void change({ action: 'disable' })} loading={busy} loadingLabel="Turning AutoPay off…">Turn off AutoPay</Button>
        </>
      ) : (
        <form onSubmit={turnOn} noValidate>
          <p>Pay what you owe automatically with your saved card, on the night after each session.</p>
          {summary.cards.length > 1 ? (
            <label className="portal-autopay__card">
              Card{' '}
              <select value={cardId || summary.cards[0]?.id} onChange={(event) => setCardId(event.target.value)}>
                {summary.cards.map((card) => <option key={card.id} value={card.id}>{card.label}</option>)}
              </select>
            </label>
          ) : (
            <p>Card: {summary.cards[0]?.label}</p>
          )}
          <p id={`${id}-terms`} className="portal-muted">{summary.terms}</p>
          <label className="portal-payments__save">
            <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} aria-describedby={`${id}-terms`} aria-invalid={problem ? true : undefined} />{' '}
            I agree to the AutoPay terms
          </label>
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          <Button type="submit" variant="primary" loading={busy} loadingLabel="Turning AutoPay on…">Turn on AutoPay</Button>
        </form>
      )}
    </section>
  );
}
