import { Link } from '@cadence/shared-router';
import { useQuery } from '@cadence/shared-auth/query';
import { Alert } from '@cadence/shared-ui';
import { useClientEntries } from '../../money/money-queries.ts';
import { formatMoney } from '@cadence/shared-auth/money';
import { useUserId } from '../../shared/use-user-id.ts';
import { listDeliveredGfes } from './gfe-api.ts';
import type { GfeVersion } from './gfe-due.ts';
import { chargesOverEstimate } from './gfe-over.ts';

export const GFE_OVER_TEXT = {
  title: (name: string) => `${name}: billed charges are over the Good Faith Estimate`,
  body: (over: string) => `Billed ${over} more than the estimate. A self-pay client may dispute a bill $400 or more over it; consider a new estimate or an adjustment.`,
  open: 'Open the client’s billing',
} as const;

function OverWarning({ estimate, name }: { estimate: GfeVersion; name: string }) {
  const entries = useClientEntries(estimate.clientId);
  const over = entries.data ? chargesOverEstimate(estimate, entries.data) : null;
  if (over === null) return null;
  return (
    <Alert tone="warning" title={GFE_OVER_TEXT.title(name)}>
      {GFE_OVER_TEXT.body(formatMoney(over, estimate.currency))}{' '}
      <Link to={`/dashboard/clients/${encodeURIComponent(estimate.clientId)}?tab=billing`}>{GFE_OVER_TEXT.open}</Link>
    </Alert>
  );
}

/** All Transactions (issue 32): a warning for each self-pay client billed $400 or more over their delivered estimate. */
export function GfeOverWarnings({ clientName }: { clientName: (clientId: string) => string | null | undefined }) {
  const userId = useUserId();
  const delivered = useQuery({ queryKey: ['gfe', userId, 'delivered'], queryFn: () => listDeliveredGfes(userId), enabled: userId !== '' });
  return <>{(delivered.data ?? []).map((estimate) => <OverWarning key={estimate.id} estimate={estimate} name={clientName(estimate.clientId) ?? 'A client'} />)}</>;
}
