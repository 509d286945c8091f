import { useId } from 'react';
import { formatInZone } from '../shared/time-zone.ts';
import { useUserId } from '../shared/use-user-id.ts';
import { APPOINTMENT_STATUS_LABELS, statusHistory, type AppointmentDocument } from './appointment.ts';
import { STATUS_TEXTS } from './status-menu.tsx';

/** An appointment's status changes, oldest first: what, when (in the practice's zone) and who. */
export function StatusHistory({ appointment, timeZone, headingLevel = 3 }: { appointment: Pick<AppointmentDocument, 'statusHistory'>; timeZone: string; headingLevel?: 2 | 3 | 4 }) {
  const userId = useUserId();
  const headingId = useId();
  const changes = statusHistory(appointment);
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby={headingId} className="status-history">
      <Heading id={headingId} className="status-history__title">
        {STATUS_TEXTS.historyTitle}
      </Heading>
      {changes.length === 0 ? (
        <p>{STATUS_TEXTS.noHistory}</p>
      ) : (
        <ol className="status-history__list">
          {changes.map((change, index) => (
            <li key={`${change.at}-${index}`}>
              <strong>{APPOINTMENT_STATUS_LABELS[change.status]}</strong> <time dateTime={change.at}>{formatInZone(change.at, timeZone, { withZoneName: true })}</time>{' '}
              <span>{change.by === userId ? STATUS_TEXTS.byYou : STATUS_TEXTS.byOther}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
