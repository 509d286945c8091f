import { formatDate } from '@cadence/shared-auth';
import { Link } from '@cadence/shared-router';
import { Card, StatusChip } from '@cadence/shared-ui';
import { useClients } from '../clients/client-queries.ts';
import { TODAY } from '../dashboard/dashboard-sections.ts';
import { LoadError } from '../shared/load-error.tsx';
import { usePracticeSettings, useServices } from '../practice/practice-queries.ts';
import { browserTimeZone } from '../shared/time-zone.ts';
import { GET_STARTED, getStartedDone, type GetStartedStepId } from './get-started.ts';
import { TodaysAppointments } from './todays-appointments.tsx';
import { RequestsCard } from './requests-card.tsx';
import { UnreadMessagesCard } from '../inbox/unread-card.tsx';
import { NotesDueCard } from '../sessions/notes/notes-due.tsx';
import { FormsToReviewCard } from '../clients/portal/forms-to-review-card.tsx';
import { GfeDueCard } from '../clients/gfe/gfe-due-card.tsx';
import { UnchargedCard } from '../sessions/no-charge/uncharged-card.tsx';
import { MoneyCard } from '../money/money-card.tsx';
import { AutoPayAttentionCard } from '../money/autopay/autopay-attention-card.tsx';
import { MeasureAlerts } from '../clients/portal/measure-alerts.tsx';
import { todayIn } from '../schedule/calendar-dates.ts';
import { DEFAULT_CURRENCY } from '@cadence/shared-auth/money';
import './today.css';

/**
 * /dashboard (issue #37): today's date, the first-run checklist until it is done, the day's
 * appointments, the notes to write and the money strip — nothing that is done stays on the page.
 */
export function TodayPage() {
  const settings = usePracticeSettings();
  const services = useServices();
  const clients = useClients();
  const timeZone = settings.data?.timeZone ?? browserTimeZone();
  const done = getStartedDone({ hasSettings: settings.isSuccess ? settings.data !== null : undefined, services: services.data, clientCount: clients.data?.length });

  return (
    <Card title={TODAY.label} description={formatDate(new Date(), { timeZone })} className="dash-panel">
      <div className="today">
        {settings.isError && <LoadError what="Loading practice settings failed" onRetry={() => void settings.refetch()} />}
        {clients.isError && <LoadError what="Loading clients failed" onRetry={() => void clients.refetch()} />}
        <MeasureAlerts clients={clients.data ?? []} timeZone={timeZone} />
        <GetStarted done={done} />
        {!settings.isPending && <UnreadMessagesCard />}
        {!settings.isPending && <RequestsCard clients={clients.data ?? []} services={services.data ?? []} timeZone={timeZone} />}
        {!settings.isPending && <TodaysAppointments settings={settings.data ?? null} timeZone={timeZone} clients={clients.data ?? []} />}
        {!settings.isPending && <NotesDueCard clients={clients.data ?? []} timeZone={timeZone} />}
        {!settings.isPending && <FormsToReviewCard clients={clients.data ?? []} timeZone={timeZone} />}
        {!settings.isPending && <GfeDueCard clients={clients.data ?? []} today={todayIn(timeZone)} />}
        {!settings.isPending && <UnchargedCard clients={clients.data ?? []} services={services.data ?? []} timeZone={timeZone} />}
        {!settings.isPending && <AutoPayAttentionCard clients={clients.data ?? []} />}
        {!settings.isPending && <MoneyCard today={todayIn(timeZone)} currency={settings.data?.currency ?? DEFAULT_CURRENCY} />}
      </div>
    </Card>
  );
}

/** The first-run checklist, at the top until every step is done, then gone; nothing while unknown. */
function GetStarted({ done }: { done: Record<GetStartedStepId, boolean | undefined> }) {
  const known = Object.values(done).every((step) => step !== undefined);
  const doneCount = Object.values(done).filter(Boolean).length;
  if (!known || doneCount === GET_STARTED.length) return null;
  return (
    <section aria-labelledby="today-get-started" className="today__get-started">
      <h3 id="today-get-started" className="today__subtitle">
        Get started
      </h3>
      <p className="today__progress">
        {doneCount} of {GET_STARTED.length} done
      </p>
      <ol className="today__checklist">
        {GET_STARTED.map((step) => (
          <li key={step.id} className="today__step">
            <Link to={step.to}>{step.label}</Link>
            {done[step.id] ? (
              <StatusChip tone="success" label="Done" />
            ) : (
              <>
                <StatusChip tone="neutral" label="Not done" />
                <span className="today__hint">{step.hint}</span>
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
