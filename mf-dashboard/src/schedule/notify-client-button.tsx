import { useState } from 'react';
import { Button } from '@cadence/shared-ui';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { notifyClient, type ChangeNotice } from './api/notify-client.ts';

/** Only a client who agreed to email (the reminder consent) and has an address is offered one. */
export function canNotify(client: Pick<ClientDocument, 'reminderConsent' | 'email'> | undefined): boolean {
  return client?.reminderConsent === true && Boolean(client.email?.trim());
}

/**
 * "Notify the client" after a move or a cancellation (issue 37): one click sends the email (date,
 * time and practice — nothing clinical), then says it was sent or why not.
 */
export function NotifyClientButton({ notice, clientName }: { notice: ChangeNotice; clientName: string }) {
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; message: string }>({ kind: 'idle' });
  if (state.kind === 'sent') return <span className="sched-notify">Emailed {clientName}.</span>;
  return (
    <>
      <Button
        size="sm"
        icon="email"
        loading={state.kind === 'sending'}
        loadingLabel="Sending…"
        onClick={() => {
          setState({ kind: 'sending' });
          notifyClient(notice).then(
            () => setState({ kind: 'sent' }),
            (error: unknown) => setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
          );
        }}
      >
        Notify the client
      </Button>
      {state.kind === 'failed' && <span className="sched-notify sched-notify--failed">Not sent: {state.message}</span>}
    </>
  );
}
