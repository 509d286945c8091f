import { useQuery } from '@cadence/shared-auth/query';
import { decideAccess, formatTime, loadPracticeToday, type AuthUser } from '@cadence/shared-auth';
import { Link } from '@cadence/shared-router';
import { buttonClassName, Card, Skeleton } from '@cadence/shared-ui';
import './practice-today-card.css';

export const PRACTICE_TODAY_TEXTS = {
  title: 'Your practice today',
  loading: 'Loading your practice',
  loadFailed: 'Your practice could not be read just now.',
  appointments: (count: number) => (count === 1 ? '1 appointment today' : `${count} appointments today`),
  next: (client: string, time: string) => `Next: ${client} at ${time}`,
  noneLeft: 'No more appointments today.',
  notes: (count: number) => (count === 1 ? '1 note to write' : `${count} notes to write`),
  openToday: 'Open Today',
  newPractice: 'Start with your practice details, a service and your first client.',
  setUp: 'Set up your practice',
} as const;

/**
 * Where sign-in lands (spec: /account): the day's work one click away (issue #37). Shown only when
 * the access decision lets the therapist into the dashboard (spec §4), so the paywall stays the
 * only way in for everyone else.
 */
export function PracticeTodayCard({ user }: { user: AuthUser }) {
  const access = useQuery({
    queryKey: ['access', user.$id, user.emailVerification, user.labels],
    queryFn: () => decideAccess(user),
  });
  if (access.data?.kind !== 'allowed') return null;
  return <PracticeToday userId={user.$id} />;
}

function PracticeToday({ userId }: { userId: string }) {
  const today = useQuery({ queryKey: ['practice-today', userId], queryFn: () => loadPracticeToday(userId), meta: { failure: 'Loading your practice failed' } });

  let body;
  if (today.isPending) body = <Skeleton label={PRACTICE_TODAY_TEXTS.loading} lines={2} />;
  else if (today.isError) body = <p>{PRACTICE_TODAY_TEXTS.loadFailed}</p>;
  else if (!today.data.setUp) {
    body = (
      <>
        <p>{PRACTICE_TODAY_TEXTS.newPractice}</p>
        <p>
          <Link className={buttonClassName('primary')} to="/dashboard">
            {PRACTICE_TODAY_TEXTS.setUp}
          </Link>
        </p>
      </>
    );
  } else {
    const { appointmentsToday, next, notesToWrite, timeZone } = today.data;
    body = (
      <>
        <ul className="practice-today__figures">
          <li>
            <strong>{PRACTICE_TODAY_TEXTS.appointments(appointmentsToday)}</strong>
            {appointmentsToday > 0 && <span> · {next ? PRACTICE_TODAY_TEXTS.next(next.client, formatTime(next.start, { timeZone: timeZone ?? undefined })) : PRACTICE_TODAY_TEXTS.noneLeft}</span>}
          </li>
          <li>
            <strong>{PRACTICE_TODAY_TEXTS.notes(notesToWrite)}</strong>
          </li>
        </ul>
        <p>
          <Link className={buttonClassName('primary')} to="/dashboard">
            {PRACTICE_TODAY_TEXTS.openToday}
          </Link>
        </p>
      </>
    );
  }
  return (
    <Card title={PRACTICE_TODAY_TEXTS.title} className="practice-today">
      {body}
    </Card>
  );
}
