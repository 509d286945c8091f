// A client's Portal tab, people with portal access (issue 31 "Guardians"): the client and each
// parent/guardian with Revoke, and the invitation of a guardian. The Appwrite calls are replaced at the api module.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FunctionRefusedError, useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { inviteGuardian, listPortalPeople, revokePortalAccess } from './portal-access-api.ts';
import { guardianContactOf, PortalGuardians } from './portal-guardians.tsx';

vi.mock('./portal-access-api.ts', async (original) => ({
  ...(await original<typeof import('./portal-access-api.ts')>()), listPortalPeople: vi.fn(), inviteGuardian: vi.fn(), revokePortalAccess: vi.fn(),
}));

const client = { $id: 'sam1', reminderConsent: true, emergencyContactName: 'Gina Lee', emergencyContactRelationship: 'Mother' };
const guardian = { accessId: 'g1', role: 'guardian', name: 'Gina Lee', email: 'gina@example.com', status: 'active', invitedAt: '2026-11-02T15:00:00.000Z', activatedAt: '2026-11-02T16:00:00.000Z' } as const;

function renderTab(record: Parameters<typeof PortalGuardians>[0]['client'] = client) {
  useAuthStore.setState({ user: { $id: 'therapist1', name: 'Dana' } as AuthUser, status: 'signedIn' });
  render(<QueryProvider><PortalGuardians client={record} timeZone="America/New_York" /></QueryProvider>);
}

beforeEach(() => {
  vi.resetAllMocks();
  queryClient.clear();
  vi.mocked(listPortalPeople).mockResolvedValue([]);
  vi.mocked(inviteGuardian).mockResolvedValue();
  vi.mocked(revokePortalAccess).mockResolvedValue();
});

describe('PortalGuardians (issue 31)', () => {
  it('the contact marked as a parent or guardian starts the invitation', () => {
    expect(guardianContactOf({ $id: 'c', emergencyContactName: 'Ann Roe', emergencyContactRelationship: 'Friend' })).toBe('');
    expect(guardianContactOf({ $id: 'c', responsiblePartyName: 'Tom Lee', responsiblePartyRelationship: 'Father', emergencyContactName: 'Gina Lee', emergencyContactRelationship: 'mother' })).toBe('Tom Lee');
    expect(guardianContactOf(client)).toBe('Gina Lee');
  });

  it('checks the email, then invites the guardian; a refusal shows at its field', async () => {
    const user = userEvent.setup();
    renderTab();
    expect(await screen.findByText('Nobody has portal access yet.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Parent\/guardian name/)).toHaveValue('Gina Lee');
    await user.click(screen.getByRole('button', { name: 'Invite guardian' }));
    expect(screen.getByText('Enter an email address, like name@example.com.')).toBeInTheDocument();
    expect(inviteGuardian).not.toHaveBeenCalled();
    const refusal = { success: false, error: 'This is the client’s own email.', field: 'guardianEmail' };
    vi.mocked(inviteGuardian).mockRejectedValueOnce(new FunctionRefusedError('This is the client’s own email. Use the parent’s or guardian’s own email address.', 400, refusal));
    await user.type(screen.getByLabelText(/Parent\/guardian email/), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite guardian' }));
    expect(await screen.findByText(/This is the client’s own email/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Parent\/guardian email/));
    await user.type(screen.getByLabelText(/Parent\/guardian email/), 'gina@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite guardian' }));
    expect(inviteGuardian).toHaveBeenLastCalledWith('sam1', { name: 'Gina Lee', email: 'gina@example.com' });
    expect(await screen.findByText(/^Invitation sent\./)).toBeInTheDocument();
  });

  it('needs the client’s consent to email', async () => {
    renderTab({ ...client, reminderConsent: false });
    expect(await screen.findByText(/can be invited once the client agrees to email/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite guardian' })).toBeDisabled();
  });

  it('lists each person with access and revokes one after a confirmation', async () => {
    const user = userEvent.setup();
    vi.mocked(listPortalPeople).mockResolvedValue([
      { accessId: 'sam1', role: 'client', name: null, email: 'sam@example.com', status: 'invited', invitedAt: '2026-11-01T15:00:00.000Z', activatedAt: null }, guardian,
    ]);
    renderTab();
    const list = await screen.findByRole('list', { name: 'People with portal access' });
    const [own, theirs] = within(list).getAllByRole('listitem');
    expect(own).toHaveTextContent('Client');
    expect(theirs).toHaveTextContent('Parent/guardian: Gina Lee');
    expect(theirs).toHaveTextContent('Active');
    await user.click(within(theirs!).getByRole('button', { name: 'Revoke access: Parent/guardian: Gina Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke portal access?' });
    expect(revokePortalAccess).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    expect(revokePortalAccess).toHaveBeenCalledWith('g1');
  });
});
