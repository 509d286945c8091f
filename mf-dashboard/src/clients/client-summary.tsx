import { useState, type ReactNode } from 'react';
import { Link } from '@cadence/shared-router';
import { StatusChip } from '@cadence/shared-ui';
import { Query } from '@cadence/shared-auth';
import { useClientBalance } from '../money/money-queries.ts';
import { useServices } from '../practice/practice-queries.ts';
import { ACTIVE_STATUSES } from '../schedule/appointment.ts';
import { noteSessionDate, useClientNotes } from '../sessions/notes/client-notes.tsx';
import { notePath } from '../sessions/notes/note-paths.ts';
import { sessionWhen } from '../sessions/session-when.tsx';
import { useSessionsPage } from '../sessions/sessions-queries.ts';
import { formatMoney } from '@cadence/shared-auth/money';
import { useUserId } from '../shared/use-user-id.ts';
import type { ClientDocument } from './api/client-document.ts';
import { CLIENT_STATUS_LABELS } from './client-schema.ts';
import { CLIENT_STATUS_TONES } from './clients-page.tsx';
import { PracticePhone } from './practice-phone.tsx';
import { PORTAL_INVITE_TEXT } from './portal/portal-invite.tsx';
import { usePortalAccess } from './portal/use-portal-access.ts';

export const SUMMARY_TEXTS = {
  label: 'Client summary',
  next: 'Next appointment',
  noNext: 'None booked',
  balance: 'Balance',
  owes: (amount: string) => `Owes ${amount}`,
  credit: (amount: string) => `${amount} credit`,
  settled: 'Nothing owed',
  diagnoses: 'Diagnoses',
  noDiagnoses: 'None recorded',
  lastNote: 'Last note',
  noNotes: 'No notes yet',
  insurance: 'Insurance',
  selfPay: 'None recorded (self-pay)',
  member: (id: string) => `Member ID ${id}`,
  secondary: (payer: string) => `Secondary: ${payer}`,
  contact: 'Contact',
  noContact: 'No email or phone',
  status: 'Status',
  portal: 'Portal',
  loading: 'Loading…',
  unavailable: 'Could not load',
} as const;

/** The upcoming-appointments query of the client's Appointments tab: the first one is the next. */
export function useUpcomingAppointments(clientId: string) {
  const userId = useUserId();
  // Split at the minute the page opened, so the query's key (and the lists built on it) hold still.
  const [now] = useState(() => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString());
  return useSessionsPage([Query.equal('userId', userId), Query.equal('clientId', clientId), Query.greaterThanEqual('start', now)], 'asc', 1);
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="client-summary__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The read-only header of a client's page (issue 37): what a therapist checks before a session —
 * next appointment, balance, diagnoses, last note, insurance, contact, status and portal status (issue
 * 31) — each from its own record.
 */
export function ClientSummary({ client, timeZone }: { client: ClientDocument; timeZone: string }) {
  const upcoming = useUpcomingAppointments(client.$id);
  const services = useServices({ includeArchived: true });
  const balance = useClientBalance(client.$id);
  const notes = useClientNotes(client.$id);
  const portal = usePortalAccess(client.$id);

  const next = upcoming.data?.find((appointment) => ACTIVE_STATUSES.includes(appointment.status));
  const nextService = next ? services.data?.find((service) => service.$id === next.serviceId) : undefined;
  const nextWhen = next ? sessionWhen(next, timeZone) : null;
  const lastNote = notes.data?.[0];

  return (
    <dl className="client-summary" aria-label={SUMMARY_TEXTS.label}>
      <Item term={SUMMARY_TEXTS.next}>
        {upcoming.isPending ? SUMMARY_TEXTS.loading : upcoming.isError ? SUMMARY_TEXTS.unavailable : nextWhen ? (
          <>
            {nextWhen.fullDate}, {nextWhen.time}
            {nextService && <span className="client-summary__sub">{nextService.name}</span>}
          </>
        ) : (
          SUMMARY_TEXTS.noNext
        )}
      </Item>
      <Item term={SUMMARY_TEXTS.balance}>
        {balance.isPending ? SUMMARY_TEXTS.loading : balance.isError ? SUMMARY_TEXTS.unavailable : !balance.data || balance.data.balance === 0 ? (
          SUMMARY_TEXTS.settled
        ) : balance.data.balance > 0 ? (
          SUMMARY_TEXTS.owes(formatMoney(balance.data.balance, balance.data.currency))
        ) : (
          SUMMARY_TEXTS.credit(formatMoney(-balance.data.balance, balance.data.currency))
        )}
      </Item>
      <Item term={SUMMARY_TEXTS.diagnoses}>{client.diagnosisCodes.length > 0 ? client.diagnosisCodes.join(', ') : SUMMARY_TEXTS.noDiagnoses}</Item>
      <Item term={SUMMARY_TEXTS.lastNote}>
        {notes.isPending ? SUMMARY_TEXTS.loading : notes.isError ? SUMMARY_TEXTS.unavailable : lastNote ? (
          <>
            <Link to={notePath(lastNote.note.appointmentId)}>{noteSessionDate(lastNote, timeZone)}</Link>
            <span className="client-summary__sub">{lastNote.signed ? 'Signed' : 'Draft'}</span>
          </>
        ) : (
          SUMMARY_TEXTS.noNotes
        )}
      </Item>
      <Item term={SUMMARY_TEXTS.insurance}>
        {client.insurancePayerName ? (
          <>
            {client.insurancePayerName}
            {client.insuranceMemberId && <span className="client-summary__sub">{SUMMARY_TEXTS.member(client.insuranceMemberId)}</span>}
            {client.secondaryInsurancePayerName && <span className="client-summary__sub">{SUMMARY_TEXTS.secondary(client.secondaryInsurancePayerName)}</span>}
          </>
        ) : (
          SUMMARY_TEXTS.selfPay
        )}
      </Item>
      <Item term={SUMMARY_TEXTS.contact}>
        {client.email || client.phone ? (
          <>
            {client.email && <a href={`mailto:${client.email}`} className="client-summary__contact">{client.email}</a>}
            {client.phone && <a href={`tel:${client.phone.replace(/[^\d+]/g, '')}`} className="client-summary__contact"><PracticePhone phone={client.phone} /></a>}
          </>
        ) : (
          SUMMARY_TEXTS.noContact
        )}
      </Item>
      <Item term={SUMMARY_TEXTS.status}>
        <StatusChip tone={CLIENT_STATUS_TONES[client.status]} label={CLIENT_STATUS_LABELS[client.status]} />
      </Item>
      <Item term={SUMMARY_TEXTS.portal}>
        {portal.isPending ? SUMMARY_TEXTS.loading : portal.isError ? SUMMARY_TEXTS.unavailable : portal.data?.status === 'active' ? (
          PORTAL_INVITE_TEXT.active
        ) : portal.data ? (
          PORTAL_INVITE_TEXT.invited
        ) : (
          PORTAL_INVITE_TEXT.notInvited
        )}
      </Item>
    </dl>
  );
}
