import { deleteOtherSessions, deleteSession, getSessions, MAX_SESSIONS } from '@cadence/shared-auth';
import { useQuery } from '@cadence/shared-auth/query';
import { useState } from 'react';
import { MESSAGES } from '../messages.ts';
import { deviceLabel, formatDateTime, lastActivity } from './session-display.ts';

export function DevicesSection() {
  const sessionsQuery = useQuery({ queryKey: ['sessions'], queryFn: getSessions, meta: { failure: 'Loading sessions failed' } });
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>, failure: string) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      console.error(failure, error);
      window.alert(failure);
    } finally {
      // spec §4: the list refreshes after each action.
      await sessionsQuery.refetch();
      setBusy(false);
    }
  }

  function terminateAllOthers() {
    if (!window.confirm(MESSAGES.terminateAllConfirm)) return;
    void run(deleteOtherSessions, MESSAGES.terminateAllFailed);
  }

  if (sessionsQuery.isPending) return <p role="status">Loading sessions...</p>;
  // spec §8: loading sessions fails → an empty list (and a logged error).
  const sessions = sessionsQuery.data ?? [];
  return (
    <div className="account-devices">
      <h3>{MESSAGES.activeSessions(sessions.length, MAX_SESSIONS)}</h3>
      {sessions.length === 0 ? (
        <p>{MESSAGES.noSessions}</p>
      ) : (
        <ul className="account-list" aria-label="Active sessions">
          {sessions.map((session) => (
            <li key={session.$id} className="account-card" aria-label={deviceLabel(session)}>
              <dl className="account-fields">
                <dt>Device</dt>
                <dd>{deviceLabel(session)}</dd>
                <dt>IP Address</dt>
                <dd>{session.ip || '—'}</dd>
                <dt>Location</dt>
                <dd>{session.countryName || session.countryCode || 'Unknown'}</dd>
                <dt>Last Activity</dt>
                <dd>{formatDateTime(lastActivity(session))}</dd>
                <dt>Created</dt>
                <dd>{formatDateTime(session.$createdAt)}</dd>
              </dl>
              {session.current ? (
                <span className="account-badge account-badge--current">Current</span>
              ) : (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => void run(() => deleteSession(session.$id), MESSAGES.terminateFailed)}
                >
                  Terminate
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.length > 1 && (
        <button type="button" className="button account-danger" disabled={busy} onClick={terminateAllOthers}>
          Terminate All Others
        </button>
      )}
    </div>
  );
}
