import { useEffect, useState } from 'react';
import { formatDateTime } from '@cadence/shared-auth';
import { Link } from '@cadence/shared-router';
import { buttonClassName } from '@cadence/shared-ui';
import { listVideoSessions, videoPath, type VideoSession } from './video-backend.ts';

/** The portal home's "Video sessions" (issue 34): each coming telehealth session with Join. */
export function VideoSessions() {
  const [sessions, setSessions] = useState<VideoSession[]>([]);
  useEffect(() => {
    let current = true;
    listVideoSessions().then((s) => { if (current) setSessions(s); }, (e: unknown) => { console.error('Video sessions failed to load', e); });
    return () => { current = false; };
  }, []);
  if (sessions.length === 0) return null;
  return (
    <section className="portal-practice" aria-labelledby="video-sessions">
      <h2 id="video-sessions">Video sessions</h2>
      <ul className="portal-video-list">
        {sessions.map((s) => {
          const label = `${s.practiceName}, ${formatDateTime(s.start)}`;
          return (
            <li key={s.appointmentId}>
              <span>{label}</span>
              <Link className={buttonClassName('primary', 'sm')} to={videoPath(s.appointmentId)} aria-label={`Join video session: ${label}`}>Join video session</Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
