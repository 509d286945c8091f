import { useState } from 'react';
import { FunctionRefusedError } from '@cadence/shared-auth';
import { useMutation, useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button, StatusChip } from '@cadence/shared-ui';
import { formatInZone } from '../../shared/time-zone.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import { inviteToPortal } from './portal-access-api.ts';
import { portalAccessKey, usePortalAccess } from './use-portal-access.ts';

export const PORTAL_INVITE_TEXT = {
  title: 'Client portal',
  notInvited: 'Not invited',
  invited: 'Invited',
  active: 'Active',
  invitedOn: (when: string) => `Invitation sent ${when}.`,
  activeSince: (when: string) => `Signed in to the portal since ${when}.`,
  invite: 'Invite to portal',
  reinvite: 'Send the invitation again',
  sending: 'Sending…',
  sent: 'Invitation sent. The email names only your practice and carries a sign-in link.',
  needsEmail: 'Add the client’s email address to invite them.',
  needsConsent: 'The client has not agreed to email yet (“Consents to email reminders”).',
  failed: 'The invitation could not be sent. Please try again.',
  loadFailed: 'The portal status could not be loaded.',
} as const;

const T = PORTAL_INVITE_TEXT;

export interface PortalInviteProps {
  client: { $id: string; email?: string | null; reminderConsent?: boolean | null };
  timeZone: string;
}

/**
 * Issue 31, the therapist's side of the portal on a client's page: the status (not invited,
 * invited, active) and "Invite to portal", which needs the client's email and consent to email.
 * Self-contained, to be placed wherever the client page shows it.
 */
export function PortalInvite({ client, timeZone }: PortalInviteProps) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const key = portalAccessKey(userId, client.$id);
  const access = usePortalAccess(client.$id);
  const [sent, setSent] = useState(false);
  const invite = useMutation({
    mutationFn: () => inviteToPortal(client.$id),
    onSuccess: (next) => {
      setSent(true);
      queryClient.setQueryData(key, next);
    },
  });
  const blocked = !client.email ? T.needsEmail : client.reminderConsent ? null : T.needsConsent;
  const current = access.data ?? null;
  const error = invite.error instanceof FunctionRefusedError && invite.error.message ? invite.error.message : invite.error ? T.failed : null;
  const when = (instant: string) => formatInZone(instant, timeZone);

  return (
    <section className="clients-portal" aria-labelledby={`portal-${client.$id}`}>
      <h2 id={`portal-${client.$id}`}>{T.title}</h2>
      {/* Not an alert: the page's own errors (a refused save) are the ones to announce. */}
      {access.isError ? <p className="clients-muted">{T.loadFailed}</p> : null}
      {access.isSuccess ? (
        <p>
          <StatusChip
            tone={current?.status === 'active' ? 'success' : current ? 'info' : 'neutral'}
            label={current?.status === 'active' ? T.active : current ? T.invited : T.notInvited}
          />{' '}
          {current?.status === 'active' && current.activatedAt ? T.activeSince(when(current.activatedAt)) : current ? T.invitedOn(when(current.invitedAt)) : null}
        </p>
      ) : null}
      {blocked ? <p className="clients-muted">{blocked}</p> : null}
      {sent && !invite.isPending ? <Alert tone="success">{T.sent}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button onClick={() => invite.mutate()} disabled={blocked !== null || !access.isSuccess} loading={invite.isPending} loadingLabel={T.sending}>
        {current ? T.reinvite : T.invite}
      </Button>
    </section>
  );
}
