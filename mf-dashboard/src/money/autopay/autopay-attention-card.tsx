import { Link } from '@cadence/shared-router';
import type { ClientDocument } from '../../clients/api/client-document.ts';
import { shortClientName } from '../../clients/client-names.ts';
import { LoadError } from '../../shared/load-error.tsx';
import { useAutoPayAttention } from './autopay-attention.ts';

/** Today's "AutoPay needs you" (issue 33): each client whose AutoPay charge failed twice, with the reason; gone when none. */
export function AutoPayAttentionCard({ clients }: { clients: readonly ClientDocument[] }) {
  const attention = useAutoPayAttention();
  if (attention.isError) return <LoadError what="Loading AutoPay failed" onRetry={() => void attention.refetch()} />;
  const list = attention.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="today-autopay">
      <h3 id="today-autopay" className="today__subtitle">AutoPay needs you ({list.length})</h3>
      <ul className="clients-consents__list">
        {list.map((item) => (
          <li key={item.clientId} className="clients-consents__item">
            <span>{shortClientName(clients.find((c) => c.$id === item.clientId))}: {item.reason}</span>
            <Link to={`/dashboard/clients/${encodeURIComponent(item.clientId)}?tab=billing`}>Open Billing</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
