import { formatDate } from '@cadence/shared-auth';
import { Link } from '@cadence/shared-router';
import { useQuery } from '@cadence/shared-auth/query';
import type { ClientDocument } from '../api/client-document.ts';
import { shortClientName } from '../../schedule/schedule-view.ts';
import { LoadError } from '../../shared/load-error.tsx';
import { useUserId } from '../../shared/use-user-id.ts';
import { listUndeliveredGfes } from './gfe-api.ts';

export const GFE_DUE_TEXT = {
  title: 'Good Faith Estimates to deliver',
  intro: 'Self-pay clients must have their estimate in writing by the due date (No Surprises Act).',
  failed: 'Loading Good Faith Estimates failed',
  due: (date: string) => `due ${date}`,
  overdue: (date: string) => `overdue since ${date}`,
} as const;

/**
 * Today's reminder (issue 32): every drafted estimate not yet delivered, soonest due first, linked to
 * the client's Billing tab where it is delivered; gone once each is delivered.
 */
export function GfeDueCard({ clients, today }: { clients: readonly ClientDocument[]; today: string }) {
  const userId = useUserId();
  const drafts = useQuery({ queryKey: ['gfe', userId, 'undelivered'], queryFn: () => listUndeliveredGfes(userId), enabled: userId !== '', meta: { failure: GFE_DUE_TEXT.failed } });
  if (drafts.isError) return <LoadError what={GFE_DUE_TEXT.failed} onRetry={() => void drafts.refetch()} />;
  const due = (drafts.data ?? []).filter((d) => d.dueOn !== null);
  if (due.length === 0) return null;
  const clientsById = new Map(clients.map((client) => [client.$id, client]));
  return (
    <section aria-labelledby="today-gfe-due">
      <h3 id="today-gfe-due" className="today__subtitle">{GFE_DUE_TEXT.title} ({due.length})</h3>
      <p className="today__hint">{GFE_DUE_TEXT.intro}</p>
      <ul className="clients-consents__list">
        {due.map((d) => (
          <li key={d.id} className="clients-consents__item">
            <Link to={`/dashboard/clients/${encodeURIComponent(d.clientId)}?tab=billing`}>{shortClientName(clientsById.get(d.clientId))}</Link>
            <span className="clients-muted">{(d.dueOn ?? '') < today ? GFE_DUE_TEXT.overdue(formatDate(d.dueOn ?? '')) : GFE_DUE_TEXT.due(formatDate(d.dueOn ?? ''))}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
