import { deleteOtherSessions, deleteSession, getSessions, MAX_SESSIONS, useAuthStore, type LoginSession } from '@cadence/shared-auth';
import { useQuery } from '@cadence/shared-auth/query';
import { Alert, Button, Card, ConfirmDialog, EmptyState, Skeleton, StatusChip } from '@cadence/shared-ui';
import { useState } from 'react';
import { MESSAGES } from '../messages.ts';
import { useTwoStepStatus } from '../settings/two-step-queries.ts';
import { deviceLabel, formatDateTime, lastActivity, signInSteps } from './session-display.ts';

function SessionCard({ session, busy, onTerminate }: { session: LoginSession; busy: boolean; onTerminate: () => void }) {
  return (
    <Card className="account-session">
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
        <dt>Sign-in</dt>
        <dd>{signInSteps(session)}</dd>
      </dl>
      <div className="account-row">
        {session.current ? (
          <StatusChip tone="success" label="Current" />
        ) : (
          <Button size="sm" disabled={busy} onClick={onTerminate}>Terminate</Button>
        )}
      </div>
    </Card>
  );
}

export function DevicesSection() {
  const sessionsQuery = useQuery({ queryKey: ['sessions'], queryFn: getSessions, meta: { failure: 'Loading sessions failed' } });
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const twoStep = useTwoStepStatus(useAuthStore((state) => state.user));

  async function run(action: () => Promise<unknown>, failure: string) {
    setBusy(true);
    setFailed(null);
    try {
      await action();
    } catch (error) {
      console.error(failure, error);
      // Beside the list as well as spec §8's alert: the list stays as it was (a failed refresh keeps
      // the last one the query cache had), so the therapist sees what did not change, and why.
      setFailed(failure);
      window.alert(failure);
    } finally {
      // spec §4: the list refreshes after each action. Not awaited: offline, the refresh waits for
      // the network, and the buttons must not stay disabled until it is back.
      setBusy(false);
      void sessionsQuery.refetch();
    }
  }

  async function terminateAllOthers() {
    await run(deleteOtherSessions, MESSAGES.terminateAllFailed);
    setConfirming(false);
  }

  if (sessionsQuery.isPending) return <Skeleton label="Loading sessions..." lines={4} />;
  // spec §8: loading sessions fails → an empty list (and a logged error).
  const sessions = sessionsQuery.data ?? [];
  return (
    <div className="account-stack">
      <div className="account-row account-row--spread">
        <h3 className="account-subtitle">{MESSAGES.activeSessions(sessions.length, MAX_SESSIONS)}</h3>
        {sessions.length > 1 && (
          <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>Terminate All Others</Button>
        )}
      </div>
      {!twoStep.isPending && !twoStep.isError && (
        // issue 17: the account's two-step status beside the sessions it protects.
        <p className="account-row account-text">
          <span>{MESSAGES.twoStep}:</span>
          <StatusChip tone={twoStep.on ? 'success' : 'neutral'} label={twoStep.on ? MESSAGES.twoStepOn : MESSAGES.twoStepOff} />
        </p>
      )}
      {failed && <Alert tone="error" onDismiss={() => setFailed(null)}>{failed}</Alert>}
      {sessions.length === 0 ? (
        <EmptyState icon="desktop">{MESSAGES.noSessions}</EmptyState>
      ) : (
        <ul className="account-list" aria-label="Active sessions">
          {sessions.map((session) => (
            <li key={session.$id} aria-label={deviceLabel(session)}>
              <SessionCard
                session={session}
                busy={busy}
                onTerminate={() => void run(() => deleteSession(session.$id), MESSAGES.terminateFailed)}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        title="Terminate all other sessions?"
        description={MESSAGES.terminateAllConfirm}
        confirmLabel="Terminate Sessions"
        loading={busy}
        loadingLabel="Terminating..."
        onConfirm={() => void terminateAllOthers()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
