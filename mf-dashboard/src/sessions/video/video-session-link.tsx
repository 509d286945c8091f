import { Link } from '@cadence/shared-router';
import { buttonClassName } from '@cadence/shared-ui';
import { videoPath } from './video-paths.ts';

/**
 * "Start video session" for a telehealth appointment (issue 34), wherever an appointment is listed
 * with its actions: Today, the calendar's details, the client's Appointments tab.
 */
export function VideoSessionLink({ appointment, context, size = 'sm' }: {
  appointment: { $id: string; locationType?: string | null; status?: string };
  /** In a list, who and when ("Jane Doe, 10:00 AM"), so each link has its own name. */
  context?: string;
  size?: 'sm' | 'md';
}) {
  if (appointment.locationType !== 'telehealth' || (appointment.status && appointment.status !== 'scheduled' && appointment.status !== 'show')) return null;
  return (
    <Link className={buttonClassName('secondary', size)} to={videoPath(appointment.$id)} aria-label={context ? `Start video session with ${context}` : undefined}>
      Start video session
    </Link>
  );
}
