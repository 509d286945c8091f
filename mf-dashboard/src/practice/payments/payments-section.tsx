import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button, ConfirmDialog, Skeleton } from '@cadence/shared-ui';
import { LoadError } from '../../shared/load-error.tsx';
import { AutoPayDelay } from './autopay-delay.tsx';
import { useUserId } from '../../shared/use-user-id.ts';
import { disconnectStripe, getStripeStatus, requirementLabel, startStripeOnboarding, type StripeAccountStatus } from './stripe-connect-api.ts';

const statusKey = (userId: string) => ['practice', userId, 'stripe-connect'] as const;

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function StatusList({ status }: { status: StripeAccountStatus }) {
  const due = [...new Set(status.requirementsDue.map(requirementLabel))];
  return (
    <dl className="payments__status">
      <dt>Details submitted</dt><dd>{yesNo(status.detailsSubmitted)}</dd>
      <dt>Charges enabled</dt><dd>{yesNo(status.chargesEnabled)}</dd>
      <dt>Payouts enabled</dt><dd>{yesNo(status.payoutsEnabled)}</dd>
      <dt>Requirements due</dt>
      <dd>{due.length === 0 ? 'None' : <ul>{due.map((d) => <li key={d}>{d}</li>)}</ul>}</dd>
    </dl>
  );
}

/**
 * Practice → Payments (issue 33): the practice's own Stripe account through Connect — Connect Stripe
 * (Stripe's hosted onboarding, back here), its status, and Disconnect, which stops online payments at once.
 * Charges, refunds, payouts and disputes are the practice's own, in its Stripe dashboard.
 */
export function PaymentsSection() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: statusKey(userId), queryFn: getStripeStatus, enabled: userId !== '', meta: { failure: 'Loading your Stripe account failed' } });
  const connect = useMutation({ mutationFn: startStripeOnboarding, onSuccess: (url) => window.location.assign(url) });
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const disconnect = useMutation({
    mutationFn: disconnectStripe,
    onSuccess: (message) => {
      setNotice(message);
      queryClient.setQueryData(statusKey(userId), { connected: false, detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false, requirementsDue: [] });
    },
    onSettled: () => setConfirming(false),
  });

  let body;
  if (status.isPending) body = <Skeleton label="Loading your Stripe account" lines={3} />;
  else if (status.isError) body = <LoadError what="Loading your Stripe account failed" onRetry={() => void status.refetch()} />;
  else if (!status.data.connected) {
    body = (
      <>
        <p>
          Let clients pay by card in the portal. Payments go to your own Stripe account: Stripe’s fees, payouts, refunds and disputes
          are yours, in your Stripe dashboard. Cadence never sees card numbers and sends Stripe no health information.
        </p>
        <Button variant="primary" loading={connect.isPending} loadingLabel="Opening Stripe…" onClick={() => connect.mutate()}>Connect Stripe</Button>
      </>
    );
  } else {
    const ready = status.data.chargesEnabled;
    body = (
      <>
        <p role="status">{ready ? 'Stripe is connected: clients can pay by card in the portal.' : 'Stripe is connected, but your account is not ready to take payments yet.'}</p>
        <StatusList status={status.data} />
        <div className="payments__actions">
          {!status.data.detailsSubmitted || status.data.requirementsDue.length > 0 ? (
            <Button variant="primary" loading={connect.isPending} loadingLabel="Opening Stripe…" onClick={() => connect.mutate()}>Continue Stripe setup</Button>
          ) : null}
          <Button variant="danger" onClick={() => setConfirming(true)}>Disconnect</Button>
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby="payments-title" className="payments">
      <h3 id="payments-title">Card payments with Stripe</h3>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {connect.isError ? <Alert tone="error">{connect.error.message}</Alert> : null}
      {disconnect.isError ? <Alert tone="error">{disconnect.error.message}</Alert> : null}
      {body}
      {status.data?.chargesEnabled ? <AutoPayDelay /> : null}
      <ConfirmDialog
        open={confirming}
        title="Disconnect Stripe?"
        description="Clients will no longer be able to pay by card in the portal, starting now. Your Stripe account and its payments stay yours."
        confirmLabel="Disconnect"
        loading={disconnect.isPending}
        loadingLabel="Disconnecting…"
        onConfirm={() => disconnect.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

export default PaymentsSection;
