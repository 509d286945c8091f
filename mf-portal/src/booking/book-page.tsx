import { useState } from 'react';
import { linkLabel, PracticeLinkPage } from '../home/practice-link-page.tsx';
import { onBehalfOf } from '../home/practice-links.ts';
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
  const [clientZone] = useState(clientTimeZone);
  return (
    <PracticeLinkPage texts={T} footer={<GfeNotice />}>
      {(link, only) => (
        <div key={link.id} className="portal-stack">
          {only && onBehalfOf(link) ? <p className="portal-muted">{linkLabel(link)}</p> : null}
          <MyAppointments accessId={link.id} clientZone={clientZone} />
          <BookingFlow accessId={link.id} practiceName={link.practiceName} clientZone={clientZone} />
        </div>
      )}
    </PracticeLinkPage>
  );
}
