import { useId, useState } from 'react';
import { formatDateTime } from '@cadence/shared-auth';
import { autoPayNotice } from '@cadence/shared-auth/autopay';
import { Alert, Button, Checkbox, Dialog, Textarea } from '@cadence/shared-ui';
import type { ClientDocument } from '../../clients/api/client-document.ts';
import { shortClientName } from '../../clients/client-names.ts';
import { LoadError } from '../../shared/load-error.tsx';
import { useChangeAutoPay, useClientAutoPay, type AutoPayChange } from './autopay-api.ts';

// The client's AutoPay on the Billing tab (issue 33): on or off, the card, who consented and when,
// each upcoming charge as the client sees it, and a failure left to the therapist with its reason.
// Turning it on here asks for the client's consent, named and confirmed (never in bulk); off is at once.

function TurnOnDialog({ client, open, onClose, onConfirm, busy, error }: {
  client: ClientDocument; open: boolean; onClose: () => void; onConfirm: (consent: string) => void; busy: boolean; error: string | null;
}) {
  const [consent, setConsent] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = shortClientName(client);
  const submit = () => {
    if (consent.trim().length < 5 || !confirmed) {
      setProblem('Name the client’s consent (how and when they agreed) and confirm it to turn AutoPay on.');
      return;
    }
    setProblem(null);
    onConfirm(consent.trim());
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Turn on AutoPay for ${name}`}
      description="AutoPay charges the client’s saved card for what they owe, at night after the practice’s waiting time. Turn it on only with the client’s agreement."
      footer={(
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={submit} loading={busy} loadingLabel="Turning AutoPay on…">Turn on AutoPay</Button>
        </>
      )}
    >
      <Textarea label="The client’s consent" hint="How and when the client agreed, e.g. “Signed card authorization form, Nov 20, 2026”." value={consent} onChange={(event) => setConsent(event.target.value)} rows={2} maxLength={500} required error={problem && consent.trim().length < 5 ? problem : undefined} />
      <Checkbox label={`${name} agreed to AutoPay as described above`} checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} error={problem && consent.trim().length >= 5 ? problem : undefined} />
      {error ? <Alert tone="error">{error}</Alert> : null}
    </Dialog>
  );
}

export function ClientAutoPay({ client }: { client: ClientDocument }) {
  const id = useId();
  const summary = useClientAutoPay(client.$id);
  const change = useChangeAutoPay(client.$id);
  const [asking, setAsking] = useState(false);
  if (summary.isError) return <LoadError what="Loading AutoPay failed" onRetry={() => void summary.refetch()} />;
  const s = summary.data;
  if (!s || !s.online) return null;
  const run = (body: AutoPayChange, after?: () => void) => change.mutate(body, { onSuccess: () => after?.() });
  const error = change.error instanceof Error ? change.error.message : null;
  return (
    <section aria-labelledby={`${id}-autopay`} className="money-autopay">
      <h3 id={`${id}-autopay`}>AutoPay</h3>
      {s.attentionReason ? (
        <Alert tone="warning" action={<Button size="sm" onClick={() => run({ action: 'retry' })}>Try again tonight</Button>}>
          AutoPay could not charge the card: {s.attentionReason} It will not try again until you choose to.
        </Alert>
      ) : null}
      {error && !asking ? <Alert tone="error">{error}</Alert> : null}
      {s.enabled ? (
        <>
          <p>
            On with {s.card}, {s.consentBy === 'client' ? 'turned on by the client in the portal' : `on the consent: ${s.consent ?? ''}`}
            {s.enabledAt ? ` (${formatDateTime(s.enabledAt)})` : ''}.
          </p>
          {s.upcoming.length > 0 ? (
            <ul className="money-autopay__notices">
              {s.upcoming.map((charge) => <li key={`${charge.kind}-${charge.date}-${charge.amount}`}>{autoPayNotice(charge, s.card ?? '', s.currency)}</li>)}
            </ul>
          ) : null}
          {s.usesInsurance ? (
            <Checkbox
              label="Charge this client’s balance although they use insurance"
              hint="Clients marked as using insurance are not charged by AutoPay unless you allow it here."
              checked={s.allowInsurance}
              onChange={(event) => run({ action: 'allowInsurance', allow: event.target.checked })}
            />
          ) : null}
          <Button onClick={() => run({ action: 'disable' })} loading={change.isPending} loadingLabel="Turning AutoPay off…">Turn off AutoPay</Button>
        </>
      ) : s.cards.length > 0 ? (
        <>
          <p>Off. {s.cards[0]?.label} is saved for this client.</p>
          <Button onClick={() => { change.reset(); setAsking(true); }}>Turn on AutoPay…</Button>
        </>
      ) : (
        <p className="money-autopay__hint">Off. The client has no saved card yet: they save one when paying in the portal.</p>
      )}
      <TurnOnDialog
        client={client}
        open={asking}
        onClose={() => setAsking(false)}
        busy={change.isPending}
        error={error}
        onConfirm={(consent) => run({ action: 'enable', consent, confirmed: true }, () => setAsking(false))}
      />
    </section>
  );
}
