import { formatTime } from '@cadence/shared-auth';
import { Link, useNavigate } from '@cadence/shared-router';
import { Button, buttonClassName } from '@cadence/shared-ui';
import { useState } from 'react';
import { videoPath } from './video-paths.ts';
import { admitWaiting, useWaitingRooms } from './waiting-rooms.ts';
import './video-session-link.css';

/**
 * "Start video session" for a telehealth appointment (issue 34), wherever an appointment is listed
 * with its actions: Today, the calendar's details, the client's Appointments tab. While the client
 * waits in the room (`waitingSince`, from useWaitingRooms): "Jane D. is waiting" and Admit, which
 * lets them in and opens the room.
 */
export function VideoSessionLink({ appointment, context, size = 'sm', waiting }: {
  appointment: { $id: string; locationType?: string | null; status?: string };
  /** In a list, who and when ("Jane Doe, 10:00 AM"), so each link has its own name. */
  context?: string;
  size?: 'sm' | 'md';
  /** The client waits in the room: their short name ("Jane D.") and since when. */
  waiting?: { name: string; since: string } | null;
}) {
  if (appointment.locationType !== 'telehealth' || (appointment.status && appointment.status !== 'scheduled' && appointment.status !== 'show')) return null;
  if (waiting) return <WaitingAdmit appointmentId={appointment.$id} name={waiting.name} since={waiting.since} size={size} />;
  return (
    <Link className={buttonClassName('secondary', size)} to={videoPath(appointment.$id)} aria-label={context ? `Start video session with ${context}` : undefined}>
      Start video session
    </Link>
  );
}

function WaitingAdmit({ appointmentId, name, since, size }: { appointmentId: string; name: string; since: string; size: 'sm' | 'md' }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const admit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const refused = await admitWaiting(appointmentId);
      if (refused) setProblem(refused);
      else void navigate(videoPath(appointmentId));
    } catch {
      setProblem('The video session could not be reached. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="video-waiting">
      <span role="status" className="video-waiting__text" title={`Since ${formatTime(since)}`}>{name} is waiting</span>
      <Button variant="primary" size={size} onClick={() => void admit()} loading={busy} loadingLabel="Admitting…" aria-label={`Admit ${name}`}>Admit</Button>
      {problem ? <span role="alert" className="video-waiting__problem">{problem}</span> : null}
    </span>
  );
}

/** VideoSessionLink kept current on its own (the calendar's details: one appointment, one subscription). */
export function WatchedVideoSessionLink({ appointment, name }: { appointment: { $id: string; locationType?: string | null; status?: string }; name: string }) {
  const since = useWaitingRooms().get(appointment.$id);
  return <VideoSessionLink appointment={appointment} waiting={since ? { name, since } : null} />;
}
