// A client's Portal tab, forms (issue 31): the packet builder (tick, reorder by the Up/Down buttons —
// keyboard and pointer alike — send in that order), each form's state, and Today's "Forms to review".
// The Appwrite calls are replaced at the api modules; Review's accept path is e2e forms.spec.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { formTemplateOf } from '@cadence/shared-auth/forms/templates';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { clientSchemaFor } from '../client-schema.ts';
import type { ClientDocument } from '../api/client-document.ts';
import { listPacketTemplates, listSentForms, sendPacket, type SentForm } from './forms-api.ts';
import { listFormsToReview } from './forms-to-review.ts';
import { listPortalPeople } from './portal-access-api.ts';
import { listPracticeForms, type PracticeForm } from '../../form-editor/practice-forms.ts';
import { PortalForms } from './portal-forms.tsx';
import { FormsToReviewCard } from './forms-to-review-card.tsx';

vi.mock('./forms-api.ts', () => ({
  listPacketTemplates: vi.fn(), sendPacket: vi.fn(), listSentForms: vi.fn(), reviewForm: vi.fn(), askForCorrection: vi.fn(), getFormResponse: vi.fn(),
}));
vi.mock('./forms-to-review.ts', () => ({ listFormsToReview: vi.fn() }));
vi.mock('./portal-access-api.ts', async (original) => ({ ...(await original<typeof import('./portal-access-api.ts')>()), getPortalAccess: vi.fn(), listPortalPeople: vi.fn() }));
vi.mock('../../form-editor/practice-forms.ts', () => ({ listPracticeForms: vi.fn() }));

const client = { ...clientSchemaFor('US').parse({ firstName: 'Jane', lastName: 'Doe' }), $id: 'jane1', userId: 'therapist1' } as unknown as ClientDocument;
const form = (status: SentForm['status']): SentForm => ({
  id: `f-${status}`, clientId: 'jane1', title: `Form ${status}`, status, sentAt: '2026-11-02T15:00:00.000Z', submittedAt: status === 'sent' ? null : '2026-11-03T15:00:00.000Z',
  reviewedAt: null, responseId: null, acceptedFields: [], questionnaire: formTemplateOf('demographics')!,
});

beforeEach(() => {
  vi.resetAllMocks();
  queryClient.clear();
  useAuthStore.setState({ user: { $id: 'therapist1', name: 'Dana' } as AuthUser, status: 'signedIn' });
  vi.mocked(listPortalPeople).mockResolvedValue([{ accessId: 'jane1', role: 'client', name: null, email: 'jane@example.com', status: 'active', invitedAt: '2026-11-01T15:00:00.000Z', activatedAt: null }]);
  vi.mocked(listPacketTemplates).mockResolvedValue({
    forms: [{ id: 'demographics', title: 'About you', description: '' }, { id: 'insurance', title: 'Insurance details', description: '' }],
    consents: [{ id: 'informed-consent', title: 'Informed consent for therapy', description: '' }],
  });
  vi.mocked(listSentForms).mockResolvedValue([form('submitted'), form('sent'), form('reviewed')]);
  vi.mocked(sendPacket).mockResolvedValue();
  vi.mocked(listPracticeForms).mockResolvedValue([]);
});

describe('PortalForms (issue 31)', () => {
  it('offers the therapist’s own forms (not archived ones) and sends a copy by its id', async () => {
    const own = (id: string, title: string, archived: boolean): PracticeForm => ({
      id, templateId: 'demographics', title, version: 2, archived, updatedAt: '2026-11-02T15:00:00.000Z', questionnaire: { ...formTemplateOf('demographics')!, title },
    });
    vi.mocked(listPracticeForms).mockResolvedValue([own('copy1', 'Intake, our way', false), own('copy2', 'Old intake', true)]);
    const user = userEvent.setup();
    render(<QueryProvider><PortalForms client={client} timeZone="America/New_York" country="US" /></QueryProvider>);
    const yours = await screen.findByRole('group', { name: 'Your forms' });
    expect(within(yours).getAllByRole('checkbox').map((c) => (c as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['Intake, our way']);
    await user.click(within(yours).getByLabelText('Intake, our way'));
    await user.click(screen.getByLabelText('Informed consent for therapy'));
    await user.click(screen.getByRole('button', { name: 'Send forms' }));
    expect(sendPacket).toHaveBeenCalledWith('jane1', [{ kind: 'form', formId: 'copy1' }, { kind: 'consent', templateId: 'informed-consent' }], 'client');
  });

  it('sends the ticked forms and consents in the order set with Up and Down', async () => {
    const user = userEvent.setup();
    render(<QueryProvider><PortalForms client={client} timeZone="America/New_York" country="US" /></QueryProvider>);
    await user.click(await screen.findByRole('button', { name: 'Send forms' }));
    expect(await screen.findByText('Choose at least one form or consent.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('About you'));
    await user.click(screen.getByLabelText('Informed consent for therapy'));
    await user.click(screen.getByLabelText('Insurance details'));
    const order = screen.getByRole('list', { name: 'Order' });
    expect(within(order).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['About you', 'Informed consent for therapy', 'Insurance details']);
    // By keyboard: focus the consent's Down and press Enter.
    within(order).getByRole('button', { name: 'Move Informed consent for therapy down' }).focus();
    await user.keyboard('{Enter}');
    expect(within(order).getByRole('button', { name: 'Move About you up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send forms' }));
    expect(sendPacket).toHaveBeenCalledWith('jane1', [
      { kind: 'form', templateId: 'demographics' }, { kind: 'form', templateId: 'insurance' }, { kind: 'consent', templateId: 'informed-consent' },
    ], 'client');
    expect(await screen.findByText('Sent. The client finds the forms in their portal.')).toBeInTheDocument();
  });

  it('shows each form’s state; only a submitted one offers Review', async () => {
    render(<QueryProvider><PortalForms client={client} timeZone="America/New_York" country="US" /></QueryProvider>);
    const list = await screen.findByRole('list', { name: 'Forms' });
    const [submitted, sent, reviewed] = within(list).getAllByRole('listitem');
    expect(submitted).toHaveTextContent('To review');
    expect(submitted).toHaveTextContent('Submitted Tue, Nov 3, 2026');
    expect(within(submitted!).getByRole('button', { name: 'Review' })).toHaveAttribute('aria-expanded', 'false');
    expect(sent).toHaveTextContent('Sent');
    expect(reviewed).toHaveTextContent('Reviewed');
    expect(within(sent!).queryByRole('button', { name: 'Review' })).toBeNull();
  });
});

describe('FormsToReviewCard (Today)', () => {
  it('lists each submitted form with its client, linked to the Portal tab; nothing when none wait', async () => {
    vi.mocked(listFormsToReview).mockResolvedValue([form('submitted')]);
    const { unmount } = render(<MemoryRouter><QueryProvider><FormsToReviewCard clients={[client]} timeZone="America/New_York" /></QueryProvider></MemoryRouter>);
    const card = await screen.findByRole('region', { name: 'Forms to review (1)' });
    expect(within(card).getByRole('link', { name: /Form submitted/ })).toHaveAttribute('href', '/dashboard/clients/jane1?tab=portal');
    unmount();
    queryClient.clear();
    vi.mocked(listFormsToReview).mockResolvedValue([]);
    const { container } = render(<MemoryRouter><QueryProvider><FormsToReviewCard clients={[client]} timeZone="America/New_York" /></QueryProvider></MemoryRouter>);
    await vi.waitFor(() => expect(listFormsToReview).toHaveBeenCalledTimes(2));
    expect(container).toBeEmptyDOMElement();
  });
});
