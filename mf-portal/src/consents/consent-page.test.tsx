// The document page's e-records gate (issue 31; ESIGN §101(c)): after "Ask for paper" the portal
// offers no signing and says how the practice will reach the client; an acceptance of an older
// disclosure version shows the step again before signing; only an acceptance of the current one
// shows the document to sign. The Appwrite calls are replaced at the api modules.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { listPracticeLinks } from '../home/practice-links.ts';
import { getConsentDocument, getDisclosure, latestEsignDecision, type EsignDecision } from './consents-api.ts';
import ConsentPage from './consent-page.tsx';

vi.mock('./consents-api.ts', async (original) => ({
  ...(await original<typeof import('./consents-api.ts')>()),
  getConsentDocument: vi.fn(), latestEsignDecision: vi.fn(), getDisclosure: vi.fn(), acceptElectronicRecords: vi.fn(), askForPaper: vi.fn(), signConsent: vi.fn(),
}));
vi.mock('../home/practice-links.ts', async (original) => ({ ...(await original<typeof import('../home/practice-links.ts')>()), listPracticeLinks: vi.fn() }));
vi.mock('signature_pad', () => ({ default: class { isEmpty() { return true; } off() {} clear() {} addEventListener() {} removeEventListener() {} } }));

const decision = (d: Partial<EsignDecision>): EsignDecision => ({ action: 'accept', at: '2026-11-05T15:00:00.000Z', disclosureVersion: '2026-11-01', current: true, ...d });

function renderPage() {
  useAuthStore.setState({ user: { $id: 'client1', name: 'Robin', labels: ['client'] } as unknown as AuthUser, status: 'signedIn' });
  render(<QueryProvider><MemoryRouter initialEntries={['/portal/documents/req1']}><ConsentPage /></MemoryRouter></QueryProvider>);
}

beforeEach(() => {
  vi.resetAllMocks();
  queryClient.clear();
  vi.mocked(getConsentDocument).mockResolvedValue({
    id: 'req1', practiceId: 'therapist1', accessId: 'access1', title: 'Practice policies', body: 'The policies.', status: 'sent', sentAt: '2026-11-04T15:00:00.000Z', signedAt: null, fileId: null,
  });
  vi.mocked(listPracticeLinks).mockResolvedValue([
    { id: 'access1', practiceId: 'therapist1', practiceName: 'Calm Harbor Counseling', practicePhone: '(312) 555-0142', clientId: 'access1', role: 'client', personName: null },
  ]);
  vi.mocked(getDisclosure).mockResolvedValue({ version: '2026-12-01', title: 'Consent to electronic records and signatures', text: 'Your right to paper…', fileName: 'd.pdf', pdf: new Blob(['%PDF']) });
});

describe('ConsentPage: the e-records gate (issue 31)', () => {
  it('after Ask for paper: no signing, how the practice will reach the client, and the way back to signing here', async () => {
    vi.mocked(latestEsignDecision).mockResolvedValue(decision({ action: 'withdraw' }));
    renderPage();
    // The decision is asked once the page knows the signer's own link (the practice links load first).
    expect(await screen.findByRole('heading', { level: 2, name: 'You asked for paper' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('You asked for paper copies on Thu, Nov 5, 2026, so this document isn’t signed here.')).toBeVisible();
    expect(await screen.findByText(/Calm Harbor Counseling will give you documents to sign on paper.*Call \(312\) 555-0142\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Practice policies' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign electronically instead' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Consent to electronic records and signatures' })).toBeVisible();
    expect(screen.getByText(/To sign here instead, read the disclosure and agree below/)).toBeVisible();
  });

  it('an acceptance of an older disclosure version shows the step again, not the document', async () => {
    vi.mocked(latestEsignDecision).mockResolvedValue(decision({ disclosureVersion: '2026-11-01', current: false }));
    renderPage();
    expect(await screen.findByText('The disclosure has changed since you agreed on Thu, Nov 5, 2026. Please read the new version and agree again before you sign.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'I agree' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });

  it('the current version accepted: the document and Sign', async () => {
    vi.mocked(latestEsignDecision).mockResolvedValue(decision({}));
    renderPage();
    expect(await screen.findByRole('region', { name: 'Practice policies' })).toHaveTextContent('The policies.');
    expect(screen.getByRole('button', { name: 'Sign' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I agree' })).toBeNull();
  });

  it('a guardian acting for a child: "For Sam Lee", and the e-records consent is asked through the guardian’s own link', async () => {
    vi.mocked(listPracticeLinks).mockResolvedValue([
      { id: 'access1', practiceId: 'therapist1', practiceName: 'Calm Harbor Counseling', practicePhone: null, clientId: 'access1', role: 'client', personName: null },
      { id: 'g1', practiceId: 'therapist1', practiceName: 'Calm Harbor Counseling', practicePhone: null, clientId: 'sam1', role: 'guardian', personName: 'Sam Lee' },
    ]);
    vi.mocked(getConsentDocument).mockResolvedValue({
      id: 'req2', practiceId: 'therapist1', accessId: 'sam1', title: 'Informed consent', body: 'The consent.', status: 'sent', sentAt: '2026-11-04T15:00:00.000Z', signedAt: null, fileId: null,
    });
    vi.mocked(latestEsignDecision).mockResolvedValue(decision({}));
    renderPage();
    expect(await screen.findByText(/^For Sam Lee · Sent/)).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Informed consent' })).toBeInTheDocument();
    expect(latestEsignDecision).toHaveBeenCalledWith('g1');
    expect(latestEsignDecision).not.toHaveBeenCalledWith('sam1');
  });
});
