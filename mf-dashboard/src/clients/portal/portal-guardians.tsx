import { useState, type FormEvent } from 'react';
import { FunctionRefusedError } from '@cadence/shared-auth';
import { useMutation, useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button, ConfirmDialog, StatusChip, TextInput } from '@cadence/shared-ui';
import { formatInZone } from '../../shared/time-zone.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import { inviteGuardian, revokePortalAccess, type PortalPerson } from './portal-access-api.ts';
import { portalAccessKey, usePortalPeople } from './use-portal-access.ts';

export const PORTAL_GUARDIANS_TEXT = {
  title: 'People with portal access',
  none: 'Nobody has portal access yet.',
  client: 'Client',
  guardian: 'Parent/guardian',
  invited: 'Invited',
  active: 'Active',
  revoke: 'Revoke access',
  revokeTitle: 'Revoke portal access?',
  revokeDescription: (who: string) => `${who} can no longer sign in for this client, and loses access to everything shared in the portal. Signed documents stay in the client’s record.`,
  revoking: 'Revoking…',
  revoked: 'Access revoked.',
  revokeFailed: 'The access could not be revoked. Please try again.',
  inviteTitle: 'Invite a parent or guardian',
  inviteHint: 'They get their own login and act for the client on what you share with parents/guardians.',
  name: 'Parent/guardian name',
  email: 'Parent/guardian email',
  invite: 'Invite guardian',
  sending: 'Sending…',
  sent: 'Invitation sent. The email names only your practice and carries a sign-in link.',
  needsConsent: 'A parent or guardian can be invited once the client agrees to email (“Consents to email reminders”).',
  nameRequired: 'Enter the parent’s or guardian’s name.',
  emailInvalid: 'Enter an email address, like name@example.com.',
  failed: 'The invitation could not be sent. Please try again.',
  loadFailed: 'Portal access could not be loaded.',
} as const;

const T = PORTAL_GUARDIANS_TEXT;
const GUARDIAN_RELATIONSHIP = /parent|mother|father|mom|dad|guardian/i;

export interface GuardianContactSource {
  $id: string;
  reminderConsent?: boolean | null;
  emergencyContactName?: string | null;
  emergencyContactRelationship?: string | null;
  responsiblePartyName?: string | null;
  responsiblePartyRelationship?: string | null;
}

/** The record's contact marked as a parent or guardian (responsible party first), to start the invitation with. */
export function guardianContactOf(client: GuardianContactSource): string {
  const contacts = [[client.responsiblePartyName, client.responsiblePartyRelationship], [client.emergencyContactName, client.emergencyContactRelationship]];
  const found = contacts.find(([name, relationship]) => name && relationship && GUARDIAN_RELATIONSHIP.test(relationship));
  return found?.[0] ?? '';
}

function PersonRow({ person, timeZone, onRevoke }: { person: PortalPerson; timeZone: string; onRevoke: (person: PortalPerson) => void }) {
  const who = person.role === 'guardian' ? `${T.guardian}: ${person.name ?? person.email ?? ''}` : T.client;
  const since = person.status === 'active' && person.activatedAt ? person.activatedAt : person.invitedAt;
  return (
    <li className="clients-consents__item">
      <span className="clients-consents__title">{who}</span>
      {person.email ? <span className="clients-muted">{person.email}</span> : null}
      <StatusChip tone={person.status === 'active' ? 'success' : 'info'} label={person.status === 'active' ? T.active : T.invited} />
      <span className="clients-muted">{formatInZone(since, timeZone, { show: 'date' })}</span>
      <Button size="sm" onClick={() => onRevoke(person)} aria-label={`${T.revoke}: ${who}`}>{T.revoke}</Button>
    </li>
  );
}

/**
 * Issue 31 "Guardians", on a client's Portal tab: who has portal access (the client, each parent or
 * guardian) with Revoke, and the invitation of a parent or guardian — their own login, the client's
 * "Email OK" consent needed, the same PHI-free invitation email as the client's.
 */
export function PortalGuardians({ client, timeZone }: { client: GuardianContactSource; timeZone: string }) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const people = usePortalPeople(client.$id);
  const [name, setName] = useState(() => guardianContactOf(client));
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<{ name?: string; email?: string }>({});
  const [sent, setSent] = useState(false);
  const [revoking, setRevoking] = useState<PortalPerson | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: portalAccessKey(userId, client.$id) });
  const invite = useMutation({
    mutationFn: () => inviteGuardian(client.$id, { name: name.trim(), email: email.trim() }),
    onSuccess: () => {
      setSent(true);
      setEmail('');
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (person: PortalPerson) => revokePortalAccess(person.accessId),
    onSuccess: () => {
      setRevoking(null);
      void refresh();
    },
  });
  const refused = invite.error instanceof FunctionRefusedError ? invite.error : null;
  const field = refused && 'field' in refused.answer ? refused.answer.field : null;
  const fieldError = field === 'guardianName' ? 'name' : field === 'guardianEmail' ? 'email' : null;
  const inviteError = invite.error && !fieldError ? (refused?.reason || T.failed) : null;
  const blocked = client.reminderConsent ? null : T.needsConsent;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      ...(name.trim() ? {} : { name: T.nameRequired }),
      ...(/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? {} : { email: T.emailInvalid }),
    };
    setProblems(next);
    setSent(false);
    if (next.name || next.email) return;
    invite.mutate();
  };

  return (
    <section className="clients-portal clients-consents" aria-labelledby={`portal-people-${client.$id}`}>
      <h2 id={`portal-people-${client.$id}`}>{T.title}</h2>
      {people.isError ? <p className="clients-muted">{T.loadFailed}</p> : null}
      {people.isSuccess && people.data.length === 0 ? <p className="clients-muted">{T.none}</p> : null}
      {people.isSuccess && people.data.length > 0 ? (
        <ul className="clients-consents__list" aria-label={T.title}>
          {people.data.map((person) => <PersonRow key={person.accessId} person={person} timeZone={timeZone} onRevoke={setRevoking} />)}
        </ul>
      ) : null}
      {revoke.isError ? <Alert tone="error">{T.revokeFailed}</Alert> : null}
      <h3>{T.inviteTitle}</h3>
      <p className="clients-muted">{T.inviteHint}</p>
      {blocked ? <p className="clients-muted">{blocked}</p> : null}
      <form className="clients-consents__send" onSubmit={submit} noValidate>
        <TextInput
          id={`guardian-name-${client.$id}`} label={T.name} value={name} autoComplete="off" required
          onChange={(event) => setName(event.target.value)} error={problems.name ?? (fieldError === 'name' ? refused?.reason ?? undefined : undefined)}
        />
        <TextInput
          id={`guardian-email-${client.$id}`} label={T.email} type="email" value={email} autoComplete="off" required
          onChange={(event) => setEmail(event.target.value)} error={problems.email ?? (fieldError === 'email' ? refused?.reason ?? undefined : undefined)}
        />
        <Button type="submit" disabled={blocked !== null} loading={invite.isPending} loadingLabel={T.sending}>{T.invite}</Button>
      </form>
      {sent && !invite.isPending ? <Alert tone="success">{T.sent}</Alert> : null}
      {inviteError ? <Alert tone="error">{inviteError}</Alert> : null}
      <ConfirmDialog
        open={revoking !== null} title={T.revokeTitle}
        description={T.revokeDescription(revoking?.role === 'guardian' ? (revoking.name ?? T.guardian) : T.client)}
        confirmLabel={T.revoke} loading={revoke.isPending} loadingLabel={T.revoking}
        onConfirm={() => revoking && revoke.mutate(revoking)} onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
