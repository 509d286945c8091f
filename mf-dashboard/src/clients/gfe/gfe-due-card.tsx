import { formatDate } from '@cadence/shared-auth';
import { Link } from '@cadence/shared-router';
import { useQuery } from '@cadence/shared-auth/query';
import type { ClientDocument } from '../api/client-document.ts';
import { shortClientName } from '../client-names.ts';
import { LoadError } from '../../shared/load-error.tsx';
import { useUserId } from '../../shared/use-user-id.ts';
import { formatMoney } from '@cadence/shared-auth/money';
import { listUndeliveredGfes, listUndraftedGfes, type GfeChange } from './gfe-due.ts';

export const GFE_DUE_TEXT = {
  title: 'Good Faith Estimates to deliver',
  intro: 'Self-pay clients must have their estimate in writing by the due date (No Surprises Act).',
  notDrafted: 'booked, no estimate drafted yet',
  fee: (change: GfeChange, fee: { from: number; to: number }) => `a session is booked at ${formatMoney(fee.to, change.currency)}, version ${change.version} says ${formatMoney(fee.from, change.currency)}`,
  frequency: (change: GfeChange, frequency: { from: string; to: string }) => `sessions look booked ${FREQUENCY_WORDS[frequency.to] ?? frequency.to}, version ${change.version} says ${FREQUENCY_WORDS[frequency.from] ?? frequency.from}`,
  newVersion: 'a new version is',
  failed: 'Loading Good Faith Estimates failed',
  due: (date: string) => `due ${date}`,
  overdue: (date: string) => `overdue since ${date}`,
} as const;

const FREQUENCY_WORDS: Record<string, string> = { weekly: 'weekly', biweekly: 'every 2 weeks', monthly: 'monthly' };

/** Why a delivered estimate needs a new version, in words ('' when it doesn't). */
function changeText(change: GfeChange | undefined): string {
  if (!change) return '';
  const reasons = [change.fee ? GFE_DUE_TEXT.fee(change, change.fee) : '', change.frequency ? GFE_DUE_TEXT.frequency(change, change.frequency) : ''].filter(Boolean);
  return `${reasons.join('; ')}: ${GFE_DUE_TEXT.newVersion} `;
}

/**
 * Today's reminder (issue 32): every self-pay client who owes an estimate — booked with none drafted
 * yet, booked at a higher fee or another frequency than the delivered one says (a new version), or
 * drafted and not yet delivered — soonest due first, linked to the client's Billing tab where
 * it is drafted and delivered; each gone once delivered.
 */
export function GfeDueCard({ clients, today }: { clients: readonly ClientDocument[]; today: string }) {
  const userId = useUserId();
  const drafts = useQuery({ queryKey: ['gfe', userId, 'undelivered'], queryFn: () => listUndeliveredGfes(userId), enabled: userId !== '', meta: { failure: GFE_DUE_TEXT.failed } });
  const undrafted = useQuery({ queryKey: ['gfe', userId, 'undrafted'], queryFn: listUndraftedGfes, enabled: userId !== '', meta: { failure: GFE_DUE_TEXT.failed } });
  if (drafts.isError || undrafted.isError) return <LoadError what={GFE_DUE_TEXT.failed} onRetry={() => { void drafts.refetch(); void undrafted.refetch(); }} />;
  const due = [
    ...(drafts.data ?? []).flatMap((d) => (d.dueOn ? [{ key: d.id, clientId: d.clientId, dueOn: d.dueOn, drafted: true, change: undefined }] : [])),
    ...(undrafted.data ?? []).map((d) => ({ key: `undrafted-${d.clientId}`, clientId: d.clientId, dueOn: d.dueOn, drafted: false, change: d.change })),
  ].sort((a, b) => a.dueOn.localeCompare(b.dueOn));
  if (due.length === 0) return null;
  const clientsById = new Map(clients.map((client) => [client.$id, client]));
  return (
    <section aria-labelledby="today-gfe-due">
      <h3 id="today-gfe-due" className="today__subtitle">{GFE_DUE_TEXT.title} ({due.length})</h3>
      <p className="today__hint">{GFE_DUE_TEXT.intro}</p>
      <ul className="clients-consents__list">
        {due.map((d) => (
          <li key={d.key} className="clients-consents__item">
            <Link to={`/dashboard/clients/${encodeURIComponent(d.clientId)}?tab=billing`}>{shortClientName(clientsById.get(d.clientId))}</Link>
            <span className="clients-muted">
              {d.change ? changeText(d.change) : d.drafted ? '' : `${GFE_DUE_TEXT.notDrafted}, `}
              {d.dueOn < today ? GFE_DUE_TEXT.overdue(formatDate(d.dueOn)) : GFE_DUE_TEXT.due(formatDate(d.dueOn))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
