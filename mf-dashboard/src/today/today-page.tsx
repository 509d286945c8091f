import { Link } from '@cadence/shared-router';
import { Card, Skeleton, StatusChip } from '@cadence/shared-ui';
import { useClients } from '../clients/client-queries.ts';
import { TODAY } from '../dashboard/dashboard-sections.ts';
import { LoadError } from '../shared/load-error.tsx';
import { usePracticeSettings, useServices } from '../practice/practice-queries.ts';
import { browserTimeZone } from '../shared/time-zone.ts';
import { GET_STARTED, getStartedDone } from './get-started.ts';
import { TodaysAppointments } from './todays-appointments.tsx';
import { NotesDueCard } from '../sessions/notes/notes-due.tsx';
import { UnchargedCard } from '../sessions/no-charge/uncharged-card.tsx';
import { MoneyCard } from '../money/money-card.tsx';
import { todayIn } from '../schedule/calendar-dates.ts';
import { DEFAULT_CURRENCY } from '../shared/money.ts';
import './today.css';

const clientCountText = (count: number) => (count === 1 ? '1 client' : `${count} clients`);

/** /dashboard: the overview, and where a new practice starts. */
export function TodayPage() {
  const settings = usePracticeSettings();
  const services = useServices();
  const clients = useClients();
  const done = getStartedDone({ hasSettings: settings.isSuccess ? settings.data !== null : undefined, services: services.data, clientCount: clients.data?.length });
  const doneCount = Object.values(done).filter(Boolean).length;

  return (
    <Card title={TODAY.label} className="dash-panel">
      <div className="today">
        <div className="today__practice">
          {settings.isPending ? (
            <Skeleton label="Loading your practice" lines={1} />
          ) : settings.isError ? (
            <LoadError what="Loading practice settings failed" onRetry={() => void settings.refetch()} />
          ) : settings.data ? (
            <p className="today__practice-name">{settings.data.practiceName}</p>
          ) : (
            <p className="today__practice-name">Your practice has no name yet: start with the first step below.</p>
          )}
          {clients.isPending ? (
            <Skeleton label="Loading clients" lines={1} />
          ) : clients.isError ? (
            <LoadError what="Loading clients failed" onRetry={() => void clients.refetch()} />
          ) : (
            <p>
              <Link to="/dashboard/clients">{clientCountText(clients.data.length)}</Link>
            </p>
          )}
        </div>
        {!settings.isPending && <TodaysAppointments settings={settings.data ?? null} timeZone={settings.data?.timeZone ?? browserTimeZone()} clients={clients.data ?? []} />}
        {!settings.isPending && <NotesDueCard clients={clients.data ?? []} timeZone={settings.data?.timeZone ?? browserTimeZone()} />}
        {!settings.isPending && <UnchargedCard clients={clients.data ?? []} services={services.data ?? []} timeZone={settings.data?.timeZone ?? browserTimeZone()} />}
        {!settings.isPending && <MoneyCard today={todayIn(settings.data?.timeZone ?? browserTimeZone())} currency={settings.data?.currency ?? DEFAULT_CURRENCY} />}
        <section aria-labelledby="today-get-started">
          <h3 id="today-get-started" className="today__subtitle">
            Get started
          </h3>
          <p className="today__progress">{doneCount} of {GET_STARTED.length} done</p>
          <ol className="today__checklist">
            {GET_STARTED.map((step) => (
              <li key={step.id} className="today__step">
                <Link to={step.to}>{step.label}</Link>
                {done[step.id] === true && <StatusChip tone="success" label="Done" />}
                {done[step.id] === false && (
                  <>
                    <StatusChip tone="neutral" label="Not done" />
                    <span className="today__hint">{step.hint}</span>
                  </>
                )}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </Card>
  );
}
