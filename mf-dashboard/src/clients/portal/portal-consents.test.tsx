// A client's Portal tab, consents (issue 31): send one of the templates, each request's status and
// the signed PDF, the client's e-records decision. The Appwrite calls are replaced at the api modules.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { downloadSignedConsent, latestEsignStatus, listConsentTemplates, listSentConsents, sendConsent } from './consents-api.ts';
import { listPortalPeople } from './portal-access-api.ts';
import { PortalConsents } from './portal-consents.tsx';

vi.mock('./consents-api.ts', () => ({
  listConsentTemplates: vi.fn(), sendConsent: vi.fn(), listSentConsents: vi.fn(), latestEsignStatus: vi.fn(), downloadSignedConsent: vi.fn(),
}));
vi.mock('./portal-access-api.ts', async (original) => ({ ...(await original<typeof import('./portal-access-api.ts')>()), getPortalAccess: vi.fn(), listPortalPeople: vi.fn() }));

const signed = { id: 'r1', title: 'Telehealth consent', status: 'signed', sentAt: '2026-11-02T15:00:00.000Z', signedAt: '2026-11-03T15:00:00.000Z', fileId: 'r1' } as const;
const sent = { id: 'r2', title: 'Practice policies', status: 'sent', sentAt: '2026-11-04T15:00:00.000Z', signedAt: null, fileId: null } as const;

function renderTab(dateOfBirth: string | null = null) {
  useAuthStore.setState({ user: { $id: 'therapist1', name: 'Dana' } as AuthUser, status: 'signedIn' });
  render(<QueryProvider><PortalConsents clientId="jane1" timeZone="America/New_York" dateOfBirth={dateOfBirth} /></QueryProvider>);
}

beforeEach(() => {
  vi.resetAllMocks();
  queryClient.clear();
  vi.mocked(listPortalPeople).mockResolvedValue([{ accessId: 'jane1', role: 'client', name: null, email: 'jane@example.com', status: 'active', invitedAt: '2026-11-01T15:00:00.000Z', activatedAt: null }]);
  vi.mocked(listConsentTemplates).mockResolvedValue([{ id: 'informed-consent', version: '2026-11-01', title: 'Informed consent for therapy' }, { id: 'practice-policies', version: '2026-11-01', title: 'Practice policies' }]);
  vi.mocked(listSentConsents).mockResolvedValue([sent, signed]);
  vi.mocked(latestEsignStatus).mockResolvedValue({ action: 'withdraw', at: '2026-11-05T15:00:00.000Z' });
  vi.mocked(sendConsent).mockResolvedValue();
});

describe('PortalConsents (issue 31)', () => {
  it('lists each consent Sent or Signed on its date, and the client’s e-records decision', async () => {
    renderTab();
    const [policies, telehealth] = await screen.findAllByRole('listitem');
    expect(policies).toHaveTextContent('Practice policies');
    expect(within(policies!).getByText('Sent', { exact: true })).toBeInTheDocument();
    expect(within(policies!).queryByRole('button', { name: /Download signed PDF/ })).toBeNull();
    expect(telehealth).toHaveTextContent('Signed on Tue, Nov 3, 2026');
    expect(await screen.findByText(/Withdrawn on Thu, Nov 5, 2026: the client asked for paper/)).toBeInTheDocument();
  });

  it('sends the chosen template and downloads a signed PDF with the session', async () => {
    const user = userEvent.setup();
    vi.mocked(downloadSignedConsent).mockResolvedValue(new Blob(['%PDF'], { type: 'application/pdf' }));
    URL.createObjectURL = vi.fn(() => 'blob:signed');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderTab();
    const send = await screen.findByRole('button', { name: 'Send a consent' });
    expect(send).toBeDisabled();
    await user.selectOptions(await screen.findByRole('combobox', { name: /Consent to send/ }), 'Informed consent for therapy');
    await user.click(send);
    expect(sendConsent).toHaveBeenCalledWith('jane1', 'informed-consent', 'client');
    expect(await screen.findByText(/Sent. The client finds it in their portal/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download signed PDF: Telehealth consent' }));
    expect(downloadSignedConsent).toHaveBeenCalledWith('r1');
    expect(click).toHaveBeenCalled();
  });

  it('asks for an invitation before anything can be sent', async () => {
    vi.mocked(listPortalPeople).mockResolvedValue([]);
    renderTab();
    expect(await screen.findByText('Invite the client to the portal to send consents.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a consent' })).toBeNull();
    expect(listConsentTemplates).not.toHaveBeenCalled();
  });

  it('with a guardian linked, asks whom to share with: a minor’s parent/guardian by default, or the client, or both', async () => {
    const user = userEvent.setup();
    vi.mocked(listPortalPeople).mockResolvedValue([
      { accessId: 'jane1', role: 'client', name: null, email: 'jane@example.com', status: 'active', invitedAt: '2026-11-01T15:00:00.000Z', activatedAt: null },
      { accessId: 'g1', role: 'guardian', name: 'Gina Lee', email: 'gina@example.com', status: 'invited', invitedAt: '2026-11-02T15:00:00.000Z', activatedAt: null },
    ]);
    renderTab('2015-03-09');
    const shareWith = await screen.findByRole('combobox', { name: /Share with/ });
    expect(shareWith).toHaveValue('guardian');
    await user.selectOptions(await screen.findByRole('combobox', { name: /Consent to send/ }), 'Informed consent for therapy');
    await user.click(screen.getByRole('button', { name: 'Send a consent' }));
    expect(sendConsent).toHaveBeenLastCalledWith('jane1', 'informed-consent', 'guardian');
    await user.selectOptions(shareWith, 'The client and parent/guardian');
    await user.selectOptions(screen.getByRole('combobox', { name: /Consent to send/ }), 'Practice policies');
    await user.click(screen.getByRole('button', { name: 'Send a consent' }));
    expect(sendConsent).toHaveBeenLastCalledWith('jane1', 'practice-policies', 'both');
  });

  it('without a guardian, asks nothing: it goes to the client', async () => {
    renderTab('2015-03-09');
    await screen.findByRole('button', { name: 'Send a consent' });
    expect(screen.queryByRole('combobox', { name: /Share with/ })).toBeNull();
  });
});
