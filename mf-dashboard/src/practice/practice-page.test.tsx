// The practice page (issue #13 "Practice settings") as a therapist meets it: the settings form and
// the services list, inside the one query cache. The Appwrite calls (src/practice/api) are replaced,
// so each test sets the stored state and the failures it needs; the calls themselves run over HTTP
// against the local Appwrite in backend/test/practice-setup.test.ts and e2e/tests/practice.spec.ts.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppwriteException } from 'appwrite';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider } from '@cadence/shared-auth/query';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { archiveService } from './api/archive-service.ts';
import { createService } from './api/create-service.ts';
import { getPracticeSettings, type PracticeSettingsDocument } from './api/get-practice-settings.ts';
import { listServices } from './api/list-services.ts';
import { savePracticeSettings } from './api/save-practice-settings.ts';
import type { ServiceDocument } from './api/service-document.ts';
import { updateService } from './api/update-service.ts';
import { listPacketTemplates } from '../clients/portal/forms-api.ts';
import { listPracticeForms } from '../form-editor/practice-forms.ts';
import { PracticePage } from './practice-page.tsx';
import { practiceSettingsSchema, type PracticeSettingsInput } from './practice-settings.ts';
import { serviceSchema, suggestedServices, type Service } from './services.ts';
import { browserTimeZone } from '../shared/time-zone.ts';

vi.mock('./api/get-practice-settings.ts', () => ({ getPracticeSettings: vi.fn() }));
vi.mock('./api/save-practice-settings.ts', () => ({ savePracticeSettings: vi.fn() }));
vi.mock('./api/list-services.ts', () => ({ listServices: vi.fn() }));
vi.mock('./api/create-service.ts', () => ({ createService: vi.fn() }));
vi.mock('./api/update-service.ts', () => ({ updateService: vi.fn() }));
vi.mock('./api/archive-service.ts', () => ({ archiveService: vi.fn() }));
vi.mock('../clients/portal/forms-api.ts', () => ({ listPacketTemplates: vi.fn() }));
vi.mock('../form-editor/practice-forms.ts', () => ({ listPracticeForms: vi.fn() }));

const THERAPIST_ID = 'therapist1';
const permissions = ['read', 'update', 'delete'].map((p) => `${p}("user:${THERAPIST_ID}")`);
const meta = (id: string) => ({
  $id: id, $sequence: 1, userId: THERAPIST_ID, $collectionId: 'x', $databaseId: 'main',
  $createdAt: '2026-01-15T17:30:00.000Z', $updatedAt: '2026-01-15T17:30:00.000Z', $permissions: permissions,
});

function settingsDocument(fields: Partial<PracticeSettingsInput> = {}): PracticeSettingsDocument {
  const settings = practiceSettingsSchema.parse({ practiceName: 'Calm Waters', therapistName: 'Ada Lane', timeZone: 'America/Chicago', ...fields });
  return { ...settings, ...meta(THERAPIST_ID) } as unknown as PracticeSettingsDocument;
}

let sequence = 0;
function serviceDocument(service: Service, sortOrder = sequence): ServiceDocument {
  sequence += 1;
  return { ...service, sortOrder, ...meta(`service${sequence}`) } as unknown as ServiceDocument;
}

/** The page as the dashboard mounts it (it reads ?tab= and links to Account settings: a router). */
function renderPage(path = '/dashboard/practice') {
  useAuthStore.setState({ user: { $id: THERAPIST_ID, name: 'Ada Lovelace', email: 'ada@example.test' } as AuthUser, status: 'signedIn' });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryProvider>
        <PracticePage />
      </QueryProvider>
    </MemoryRouter>,
  );
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

beforeEach(() => {
  vi.resetAllMocks();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('practice details', () => {
  it('says what it waits for, names a failed load with Retry, and shows the form once it loads', async () => {
    let answer: (value: null) => void = () => undefined;
    vi.mocked(getPracticeSettings).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderPage();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Loading practice settings');
    answer(null);
    expect(await screen.findByRole('textbox', { name: /Practice name/ })).toHaveValue('');
  });

  it('a failed load names what failed and Retry loads again', async () => {
    vi.mocked(getPracticeSettings).mockRejectedValueOnce(new AppwriteException('Server error', 500)).mockResolvedValueOnce(null);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Loading practice settings failed');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: /Practice name/ })).toBeVisible();
  });

  it('a new practice: the browser’s time zone and the account name prefilled; each wrong field says why beside it; Save says "Saved"', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(null);
    vi.mocked(listServices).mockResolvedValue([]);
    vi.mocked(savePracticeSettings).mockImplementation(async (_userId, settings) => ({ ...settings, ...meta(THERAPIST_ID) }) as unknown as PracticeSettingsDocument);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(/saving it also adds three suggested services/)).toBeVisible();
    expect(field(/Your name as clients see it/)).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('combobox', { name: /Time zone/ })).toHaveValue(browserTimeZone().replaceAll('_', ' '));

    await user.type(field(/NPI/), '1234567890');
    await user.tab();
    expect(field(/NPI/)).toHaveAccessibleDescription(/This NPI fails its check digit/);
    expect(field(/NPI/)).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(field(/Practice name/)).toHaveAccessibleDescription('Enter the practice name.');
    expect(savePracticeSettings).not.toHaveBeenCalled();

    await user.type(field(/Practice name/), 'Calm Waters');
    await user.clear(field(/NPI/));
    await user.type(field(/NPI/), '1234567893');
    await user.type(field(/Tax ID/), '12-3456789');
    await user.click(within(screen.getByRole('group', { name: 'No-show fee' })).getByRole('radio', { name: 'A fixed amount' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(field(/No-show fee: amount \(USD\)/)).toHaveAccessibleDescription('Enter the fee amount.');
    await user.type(field(/No-show fee: amount/), '$50');
    await user.click(within(screen.getByRole('group', { name: 'Late-cancel fee' })).getByRole('radio', { name: 'A percentage of the session fee' }));
    await user.type(field(/Late-cancel fee: percentage/), '50');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByText('Saved')).toBeVisible());
    expect(vi.mocked(savePracticeSettings).mock.calls[0]).toEqual([
      THERAPIST_ID,
      expect.objectContaining({
        practiceName: 'Calm Waters', therapistName: 'Ada Lovelace', npi: '1234567893', taxId: '12-3456789', currency: 'USD',
        noShowFeeType: 'fixed', noShowFeeAmount: 5000, lateCancelFeeType: 'percent', lateCancelFeePercent: 50, cancellationWindowHours: 24, defaultNoteTemplate: 'soap',
      }),
    ]);
    // A change after saving is not saved yet.
    await user.type(field(/City/), 'Austin');
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('the country: unset shows a suggestion from the time zone, never chosen for the therapist; Use fills it, Save stores it', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(settingsDocument({ timeZone: 'Europe/Madrid' }));
    vi.mocked(savePracticeSettings).mockImplementation(async (_userId, settings) => ({ ...settings, ...meta(THERAPIST_ID) }) as unknown as PracticeSettingsDocument);
    const user = userEvent.setup();
    renderPage();
    const country = await screen.findByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('');
    expect(country).toHaveAccessibleDescription(/Not chosen: phone numbers written without \+ or 00 are read as United States numbers\. Suggested from your time zone: Spain\./);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(savePracticeSettings).toHaveBeenCalledTimes(1));
    expect(vi.mocked(savePracticeSettings).mock.calls[0]?.[1]).toMatchObject({ country: null });

    await user.click(screen.getByRole('button', { name: 'Use Spain' }));
    expect(country).toHaveValue('ES');
    expect(screen.queryByRole('button', { name: 'Use Spain' })).toBeNull();
    await user.selectOptions(country, 'Belgium');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(savePracticeSettings).toHaveBeenCalledTimes(2));
    expect(vi.mocked(savePracticeSettings).mock.calls[1]?.[1]).toMatchObject({ country: 'BE' });
  });

  it('a failed save names what failed and keeps what was typed', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(settingsDocument());
    vi.mocked(savePracticeSettings).mockRejectedValue(new AppwriteException('Network request failed', 0));
    const user = userEvent.setup();
    renderPage();
    await user.clear(await screen.findByRole('textbox', { name: /Practice name/ }));
    await user.type(field(/Practice name/), 'Harbor Counseling');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Saving practice settings failed');
    expect(field(/Practice name/)).toHaveValue('Harbor Counseling');
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('a booking page address another practice uses is named beside its field (Appwrite: document_unique_constraint_violation); another conflict is a plain failure', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(settingsDocument({ bookingSlug: 'calm-waters' }));
    vi.mocked(savePracticeSettings).mockRejectedValueOnce(new AppwriteException('Document with the requested ID already exists.', 409, 'document_already_exists'));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Saving practice settings failed');

    vi.mocked(savePracticeSettings).mockRejectedValueOnce(new AppwriteException('Document violates a unique attribute constraint. Try again with different value(s).', 409, 'document_unique_constraint_violation'));
    const address = field(/Booking page address/);
    await user.clear(address);
    await user.type(address, 'harbor');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(address).toHaveAccessibleDescription(expect.stringContaining('Another practice already uses this address.')));
    expect(address).toHaveFocus();
    expect(address).toHaveValue('harbor');
    expect(screen.queryByText('Saving practice settings failed')).toBeNull();
  });

  it('shows the tax ID masked except the last four digits, unless it is being edited', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(settingsDocument({ taxId: '12-3456789' }));
    const user = userEvent.setup();
    renderPage();
    const taxId = await screen.findByRole('textbox', { name: /Tax ID/ });
    expect(taxId).toHaveValue('••-•••6789');
    await user.click(taxId);
    expect(taxId).toHaveValue('12-3456789');
    await user.tab();
    expect(taxId).toHaveValue('••-•••6789');
  });
});

describe('services', () => {
  async function openServices() {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Services' }));
    return user;
  }

  it("opens on Services when the address says so (Today's \"Add a service\")", async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(null);
    renderPage('/dashboard/practice?tab=services');
    expect(await screen.findByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Set up your practice first')).toBeVisible();
  });

  it('before the practice is set up, points to the details', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(null);
    const user = await openServices();
    expect(screen.getByText('Set up your practice first')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Open practice details' }));
    expect(screen.getByRole('tab', { name: 'Practice details' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lists the services with fees in their currency, "Needs a fee" until set, and a colour named in words', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(settingsDocument());
    const [intake, therapy] = suggestedServices();
    vi.mocked(listServices).mockResolvedValue([serviceDocument(intake!, 0), serviceDocument({ ...therapy!, fee: 12050 }, 1)]);
    await openServices();
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['90791', '60 min', 'Needs a fee', 'Teal', ''],
      ['90834', '45 min', '$120.50', 'Blue', ''],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('1 service needs a fee');
  });

  it('a failed load says so with Retry; no services shows one action', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(settingsDocument());
    vi.mocked(listServices).mockRejectedValueOnce(new AppwriteException('Server error', 500)).mockResolvedValueOnce([]);
    const user = await openServices();
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No services yet')).toBeVisible();
  });

  it('adds a service in a dialog with per-field messages; the fee is read in the practice currency', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(settingsDocument({ currency: 'EUR' }));
    vi.mocked(listServices).mockResolvedValue([]);
    vi.mocked(createService).mockImplementation(async (_userId, service, sortOrder) => serviceDocument(service, sortOrder));
    const user = await openServices();
    await user.click((await screen.findAllByRole('button', { name: 'Add service' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add a service' });
    await user.clear(within(dialog).getByRole('textbox', { name: /Duration/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Duration/ }), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription('Enter the service name.');
    expect(within(dialog).getByRole('textbox', { name: /Duration/ })).toHaveAccessibleDescription(/Enter a duration from 5 to 480 minutes/);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Couples therapy');
    await user.type(within(dialog).getByRole('textbox', { name: /Service code/ }), '90847');
    await user.clear(within(dialog).getByRole('textbox', { name: /Duration/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Duration/ }), '50');
    await user.type(within(dialog).getByRole('textbox', { name: /Fee \(EUR\)/ }), '135.5');
    await user.click(within(dialog).getByRole('radio', { name: 'Green' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(vi.mocked(createService).mock.calls[0]).toEqual([
      THERAPIST_ID,
      serviceSchema.parse({ name: 'Couples therapy', serviceCode: '90847', durationMinutes: 50, fee: 13550, currency: 'EUR', color: 'green', intakePacket: [] }),
      0,
    ]);
  });

  it('edits a service: its fee set, "Needs a fee" is gone', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(settingsDocument());
    const intake = serviceDocument(suggestedServices()[0]!, 0);
    vi.mocked(listServices).mockResolvedValueOnce([intake]).mockResolvedValue([{ ...intake, fee: 15000 }]);
    vi.mocked(updateService).mockImplementation(async (_id, changes) => ({ ...intake, ...changes }));
    const user = await openServices();
    await user.click(await screen.findByRole('button', { name: 'Actions for Intake assessment (90791, 60 min)' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Intake assessment' });
    await user.type(within(dialog).getByRole('textbox', { name: /Fee/ }), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(vi.mocked(updateService).mock.calls[0]).toEqual([intake.$id, expect.objectContaining({ fee: 15000, name: 'Intake assessment' })]);
    expect(await screen.findByRole('cell', { name: '$150.00' })).toBeVisible();
    expect(screen.queryByText('Needs a fee')).toBeNull();
  });

  it('sets a service’s intake packet: ticked forms and consents in the chosen order, a form no longer available named and removable', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(settingsDocument());
    vi.mocked(listPacketTemplates).mockResolvedValue({
      forms: [{ id: 'demographics', title: 'About you', description: '' }],
      consents: [{ id: 'informed-consent', title: 'Informed consent for therapy', description: '' }],
    });
    vi.mocked(listPracticeForms).mockResolvedValue([]);
    const intake = { ...serviceDocument({ ...suggestedServices()[0]!, fee: 15000 }, 0), intakePacket: ['form:gone1'] };
    vi.mocked(listServices).mockResolvedValue([intake]);
    vi.mocked(updateService).mockImplementation(async (_id, changes) => ({ ...intake, ...changes }));
    const user = await openServices();
    await user.click(await screen.findByRole('button', { name: 'Actions for Intake assessment (90791, 60 min)' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Intake assessment' });
    const packet = within(dialog).getByRole('group', { name: 'Intake packet' });
    await user.click(await within(packet).findByRole('checkbox', { name: 'Informed consent for therapy' }));
    await user.click(within(packet).getByRole('checkbox', { name: 'About you' }));
    const order = within(packet).getByRole('list', { name: 'Order' });
    expect(within(order).getAllByRole('listitem').map((li) => li.querySelector('span')?.textContent)).toEqual([
      'A form no longer available (left out when sent)', 'Informed consent for therapy', 'About you',
    ]);
    await user.click(within(order).getByRole('button', { name: 'Remove A form no longer available (left out when sent)' }));
    await user.click(within(order).getByRole('button', { name: 'Move About you up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(vi.mocked(updateService).mock.calls[0]).toEqual([intake.$id, expect.objectContaining({ intakePacket: ['template:demographics', 'consent:informed-consent'] })]);
  });

  it('archives after a confirmation: the row leaves at once, and comes back if the write fails', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(settingsDocument());
    const intake = serviceDocument({ ...suggestedServices()[0]!, fee: 15000 }, 0);
    vi.mocked(listServices).mockResolvedValue([intake]);
    let fail: (error: Error) => void = () => undefined;
    vi.mocked(archiveService).mockReturnValue(new Promise((_resolve, reject) => (fail = reject)));
    const user = await openServices();
    await user.click(await screen.findByRole('button', { name: /Actions for Intake assessment/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Archive' }));
    const confirm = screen.getByRole('dialog', { name: 'Archive Intake assessment (90791, 60 min)?' });
    expect(confirm).toHaveAccessibleDescription(/past appointments and invoices keep it/);
    await user.click(within(confirm).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('No services yet')).toBeVisible();
    expect(archiveService).toHaveBeenCalledWith(intake.$id);
    fail(new AppwriteException('Network request failed', 0));
    expect(await screen.findByRole('alert')).toHaveTextContent('Changing the service failed');
    expect(await screen.findByRole('rowheader', { name: 'Intake assessment' })).toBeVisible();
  });

  it('"Show archived" lists archived services too, with Unarchive', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(settingsDocument());
    const old = serviceDocument({ ...suggestedServices()[0]!, fee: 15000, archived: true }, 0);
    vi.mocked(listServices).mockImplementation(async (_userId, options) => (options?.includeArchived ? [old] : []));
    vi.mocked(updateService).mockResolvedValue({ ...old, archived: false });
    const user = await openServices();
    expect(await screen.findByText('No services yet')).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Show archived' }));
    expect(await screen.findByRole('rowheader', { name: 'Intake assessment Archived' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Actions for Intake assessment/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Unarchive' }));
    expect(updateService).toHaveBeenCalledWith(old.$id, { archived: false });
  });
});
