import { Link } from '@cadence/shared-router';
import { useQuery } from '@cadence/shared-auth/query';
import type { ClientDocument } from '../api/client-document.ts';
import { shortClientName } from '../client-names.ts';
import { LoadError } from '../../shared/load-error.tsx';
import { formatInZone } from '../../shared/time-zone.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import { listFormsToReview } from './forms-to-review.ts';

export const FORMS_TO_REVIEW_TEXT = {
  title: 'Forms to review',
  intro: 'Submitted in the portal. Nothing reaches the client record until you accept it.',
  failed: 'Loading forms to review failed',
  submitted: (when: string) => `submitted ${when}`,
} as const;

/** Today's "Forms to review" (issue 31): each submitted form, oldest first, linked to the client's Portal tab; gone when none wait. */
export function FormsToReviewCard({ clients, timeZone }: { clients: readonly ClientDocument[]; timeZone: string }) {
  const userId = useUserId();
  const forms = useQuery({ queryKey: ['forms-to-review', userId], queryFn: () => listFormsToReview(userId), enabled: userId !== '', meta: { failure: FORMS_TO_REVIEW_TEXT.failed } });
  if (forms.isError) return <LoadError what={FORMS_TO_REVIEW_TEXT.failed} onRetry={() => void forms.refetch()} />;
  if (!forms.data || forms.data.length === 0) return null;
  const clientsById = new Map(clients.map((client) => [client.$id, client]));
  return (
    <section aria-labelledby="today-forms-to-review">
      <h3 id="today-forms-to-review" className="today__subtitle">{FORMS_TO_REVIEW_TEXT.title} ({forms.data.length})</h3>
      <p className="today__hint">{FORMS_TO_REVIEW_TEXT.intro}</p>
      <ul className="clients-consents__list">
        {forms.data.map((form) => (
          <li key={form.id} className="clients-consents__item">
            <Link to={`/dashboard/clients/${encodeURIComponent(form.clientId)}?tab=portal`}>
              {shortClientName(clientsById.get(form.clientId))}: {form.title}
            </Link>
            <span className="clients-muted">{FORMS_TO_REVIEW_TEXT.submitted(formatInZone(form.submittedAt ?? form.sentAt, timeZone, { show: 'date' }))}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
