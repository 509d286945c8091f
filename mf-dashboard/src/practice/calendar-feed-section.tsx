import { useState } from 'react';
import { formatDate } from '@cadence/shared-auth';
import { Alert, Button, ConfirmDialog, Skeleton, TextInput } from '@cadence/shared-ui';
import type { NewCalendarFeed } from './api/create-calendar-feed.ts';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from './calendar-feed-queries.ts';
import { LoadError } from '../shared/load-error.tsx';

type Confirming = 'replace' | 'revoke' | null;


function SubscribeSteps() {
  return (
    <>
      <p className="calendar-feed__text">To subscribe, paste the link into your calendar app:</p>
      <ul className="calendar-feed__steps">
        <li><strong>Google Calendar</strong> (on a computer): Other calendars → + → From URL.</li>
        <li><strong>Apple Calendar</strong>: File → New Calendar Subscription (on iPhone: Settings → Calendar → Accounts → Add Subscribed Calendar).</li>
        <li><strong>Outlook</strong>: Add calendar → Subscribe from web.</li>
      </ul>
      <p className="calendar-feed__text">
        Calendar apps refresh a subscription on their own schedule (Google can take several hours). Appointments appear with the
        client’s initials only.
      </p>
    </>
  );
}

/** The link just made: the one time it can be shown, with Copy. */
function NewLink({ feed }: { feed: NewCalendarFeed }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(feed.url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <div className="calendar-feed__new">
      <p className="calendar-feed__title">Your calendar link is ready</p>
      <p className="calendar-feed__text">
        Copy it now: it is shown only this once. If you lose it, create a new link (the old one then stops working).
      </p>
      <div className="calendar-feed__link">
        <TextInput label="Calendar link" value={feed.url} readOnly onFocus={(event) => event.currentTarget.select()} />
        <Button variant="primary" onClick={() => void copyLink()}>Copy</Button>
      </div>
      <p className="calendar-feed__text" role="status">
        {copy === 'copied' ? 'Link copied.' : copy === 'failed' ? 'Copying did not work here: select the link and copy it.' : ''}
      </p>
      <SubscribeSteps />
    </div>
  );
}

/**
 * The Calendar feed card of practice settings (issue 14): a private iCalendar link of the schedule
 * for Google, Apple or Outlook calendars — created (and shown once), replaced, or revoked. Anyone
 * holding the link sees appointment times and client initials, so revoking and replacing are
 * offered right here.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [fresh, setFresh] = useState<NewCalendarFeed | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const makeLink = () => {
    revoke.reset();
    create.mutate(undefined, {
      onSuccess: (made) => setFresh(made),
      onSettled: () => setConfirming(null),
    });
  };
  const revokeLink = () => {
    create.reset();
    revoke.mutate(undefined, {
      onSuccess: () => setFresh(null),
      onSettled: () => setConfirming(null),
    });
  };

  let body;
  if (feed.isPending) body = <Skeleton label="Loading the calendar link" lines={2} />;
  else if (feed.isError) body = <LoadError what="Loading the calendar link failed" onRetry={() => void feed.refetch()} />;
  else if (!feed.data) {
    body = (
      <>
        <p className="calendar-feed__text">
          See your appointments in Google Calendar, Apple Calendar or Outlook through a private link. It shows times and client
          initials only — no names, services or notes — and you can revoke it at any time.
        </p>
        <div className="calendar-feed__actions">
          <Button variant="primary" icon="calendar" loading={create.isPending} loadingLabel="Creating link…" onClick={makeLink}>
            Create link
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        {fresh ? (
          <NewLink feed={fresh} />
        ) : (
          <p className="calendar-feed__text">
            Your calendar link is active (created {formatDate(feed.data.createdAt)}). For your privacy it is not shown again: to
            subscribe another calendar, create a new link.
          </p>
        )}
        <div className="calendar-feed__actions">
          <Button icon="calendar" onClick={() => setConfirming('replace')}>Create new link</Button>
          <Button variant="danger" icon="delete" onClick={() => setConfirming('revoke')}>Revoke link</Button>
        </div>
      </>
    );
  }

  return (
    <section className="calendar-feed" aria-labelledby="calendar-feed-heading">
      <h3 id="calendar-feed-heading" className="calendar-feed__heading">Calendar feed</h3>
      {create.isError && <Alert tone="error" title="Creating the calendar link failed">{create.error.message}</Alert>}
      {revoke.isError && <Alert tone="error" title="Revoking the calendar link failed">{revoke.error.message} The link still works.</Alert>}
      {revoke.isSuccess && !feed.data && <Alert tone="info" title="Calendar link revoked">Calendars subscribed to it no longer get your appointments.</Alert>}
      {body}
      <ConfirmDialog
        open={confirming === 'replace'}
        title="Create a new calendar link?"
        description="Your current link stops working at once: calendars subscribed to it stop updating until you subscribe them to the new one."
        confirmLabel="Create new link"
        tone="primary"
        loading={create.isPending}
        loadingLabel="Creating link…"
        onConfirm={makeLink}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'revoke'}
        title="Revoke your calendar link?"
        description="The link stops working at once, and calendars subscribed to it no longer get your appointments."
        confirmLabel="Revoke link"
        loading={revoke.isPending}
        loadingLabel="Revoking…"
        onConfirm={revokeLink}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
