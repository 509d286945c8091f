import { useState } from 'react';
import { Link } from '@cadence/shared-router';
import { Alert, Button, EmptyState, PageHeader, Select } from '@cadence/shared-ui';
import { onBehalfOf } from '../home/practice-links.ts';
import { usePracticeLinks } from '../home/use-practice-links.ts';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { clientTimeZone } from './booking-model.ts';
import { BookingFlow } from './booking-flow.tsx';
import { GfeNotice } from './gfe-notice.tsx';
import { MyAppointments } from './my-appointments.tsx';

const T = PORTAL_TEXT.booking;

/**
 * /portal/book (issue 32): the client's coming appointments with a practice (move, cancel, undo) and
 * booking another. A login linked to several practices, or acting for a child, chooses whose first.
 */
export default function BookPage() {
  const links = usePracticeLinks();
  const [chosen, setChosen] = useState<string | null>(null);
  const [clientZone] = useState(clientTimeZone);
  const all = links.data ?? [];
  const link = all.find((l) => l.id === chosen) ?? all[0];
  const label = (l: (typeof all)[number]) => (onBehalfOf(l) ? `${l.practiceName} · ${onBehalfOf(l) ?? ''}` : l.practiceName);
  return (
    <div className="portal-page">
      <p><Link to="/portal">{T.back}</Link></p>
      <PageHeader title={T.title} description={T.intro} />
      {links.isPending ? <p role="status" className="portal-muted">{T.loading}</p> : null}
      {links.isError ? <Alert tone="error" action={<Button onClick={() => void links.refetch()}>{T.retry}</Button>}>{PORTAL_TEXT.home.loadFailed}</Alert> : null}
      {links.isSuccess && all.length === 0 ? <EmptyState>{T.none}</EmptyState> : null}
      {all.length > 1 ? (
        <Select label={T.practice} value={link?.id ?? ''} onChange={(e) => setChosen(e.target.value)} options={all.map((l) => ({ value: l.id, label: label(l) }))} />
      ) : null}
      {link ? (
        <div key={link.id} className="portal-stack">
          {all.length === 1 && onBehalfOf(link) ? <p className="portal-muted">{label(link)}</p> : null}
          <MyAppointments accessId={link.id} clientZone={clientZone} />
          <BookingFlow accessId={link.id} practiceName={link.practiceName} clientZone={clientZone} />
        </div>
      ) : null}
      <GfeNotice />
    </div>
  );
}
