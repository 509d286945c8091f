// Attendance (issue #14, #37): the status chip and its one menu as the calendar's details, Today, All
// Sessions and a client's Appointments tab use it, over the one query cache. The Appwrite calls (schedule/api) are replaced, so
// each test sets the stored appointment and whether the write is refused.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppwriteException } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { practiceSettingsSchema, type PracticeSettings } from '../practice/practice-settings.ts';
import { listAppointments } from './api/list-appointments.ts';
import { updateAppointment } from './api/update-appointment.ts';
import { statusEntry, statusHistory, type AppointmentDocument } from './appointment.ts';
import { useAppointments } from './schedule-queries.ts';
import { StatusMenu } from './status-menu.tsx';
import { StatusHistory } from './status-history.tsx';
import { feeThatApplies, statusChange } from './use-set-status.ts';

vi.mock('./api/list-appointments.ts', () => ({ listAppointments: vi.fn() }));
vi.mock('./api/update-appointment.ts', () => ({ updateAppointment: vi.fn() }));

const THERAPIST = 'therapist1';
const HOUR = 3_600_000;

const settings: PracticeSettings = practiceSettingsSchema.parse({
  practiceName: 'Calm Harbor Counseling',
  therapistName: 'Dana Reyes',
  timeZone: 'America/New_York',
  cancellationWindowHours: 24,
  lateCancelFeeType: 'percent',
  lateCancelFeePercent: 50,
  noShowFeeType: 'fixed',
  noShowFeeAmount: 7500,
});
const service = { fee: 15000, currency: 'USD' };
const client = { feeOverride: 12000, currency: 'USD' };

function appointment(fields: Partial<AppointmentDocument> = {}): AppointmentDocument {
  const start = fields.start ?? new Date(Date.now() + 3 * HOUR).toISOString();
  return {
    $id: 'appt1',
    $sequence: '1',
    $collectionId: 'appointments',
    $databaseId: 'main',
    $createdAt: '2026-01-01T00:00:00.000Z',
    $updatedAt: '2026-01-01T00:00:00.000Z',
    $permissions: [],
    userId: THERAPIST,
    clientId: 'client1',
    serviceId: 'service1',
    seriesId: null,
    start,
    end: new Date(Date.parse(start) + HOUR).toISOString(),
    status: 'scheduled',
    locationType: 'office',
    meetingLink: null,
    adminNote: null,
    feeAmount: null,
    currency: 'USD',
    feeWaived: false,
    feeWaivedReason: null,
    statusHistory: [],
    noteState: 'none',
    ...fields,
  } as AppointmentDocument;
}

/** The chip over the cached appointment, as a list shows them: the optimistic change shows at once. */
function Listed() {
  const appointments = useAppointments('2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z');
  const first = appointments.data?.[0];
  if (!first) return <p>Loading</p>;
  return (
    <>
      <output data-testid="status">{first.status}</output>
      <StatusMenu appointment={first} client={client} service={service} settings={settings} label="Status of Jane D." />
      <button type="button">Elsewhere</button>
      <StatusHistory appointment={first} timeZone="America/New_York" />
    </>
  );
}

async function renderListed(stored: AppointmentDocument) {
  useAuthStore.setState({ user: { $id: THERAPIST, name: 'Dana Reyes' } as AuthUser, status: 'signedIn' });
  if (!vi.mocked(listAppointments).getMockImplementation()) vi.mocked(listAppointments).mockResolvedValue([stored]);
  render(
    <QueryProvider>
      <Listed />
    </QueryProvider>,
  );
  await screen.findByRole('button', { name: /^Status of Jane D\.: / });
}

/** The status chip, by the status it shows. */
const chip = (status: string) => screen.getByRole('button', { name: `Status of Jane D.: ${status}` });

/** The server takes every write and answers the document as changed. */
function serverAccepts(stored: AppointmentDocument) {
  let current = stored;
  vi.mocked(updateAppointment).mockImplementation(async (_id, changes) => (current = { ...current, ...changes }));
  vi.mocked(listAppointments).mockImplementation(async () => [current]);
}

const written = () => vi.mocked(updateAppointment).mock.calls.at(-1)?.[1];

beforeEach(() => {
  vi.resetAllMocks();
  queryClient.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('the fee a status records', () => {
  it('show: the client override, else the service fee; late cancel and no-show: the policy; cancellations: none', () => {
    expect(feeThatApplies('show', { client, service, settings })).toEqual({ amount: 12000, currency: 'USD' });
    expect(feeThatApplies('show', { client: { feeOverride: null }, service, settings }).amount).toBe(15000);
    expect(feeThatApplies('late_cancelled', { client, service, settings }).amount).toBe(6000);
    expect(feeThatApplies('no_show', { client, service, settings }).amount).toBe(7500);
    expect(feeThatApplies('cancelled', { client, service, settings }).amount).toBeNull();
    expect(feeThatApplies('clinician_cancelled', { client, service, settings }).amount).toBeNull();
  });

  it('a change appends who and when to the history and undoes a waiver', () => {
    const at = new Date('2026-03-03T15:00:00.000Z');
    const before = appointment({ statusHistory: [statusEntry('show', THERAPIST, new Date('2026-03-01T00:00:00.000Z'))], feeWaived: true, feeWaivedReason: 'x' });
    const change = statusChange(before, 'no_show', { client, service, settings }, THERAPIST, at);
    expect(change).toMatchObject({ status: 'no_show', feeAmount: 7500, currency: 'USD', feeWaived: false, feeWaivedReason: null });
    expect(statusHistory({ statusHistory: change.statusHistory! })).toEqual([
      { status: 'show', at: '2026-03-01T00:00:00.000Z', by: THERAPIST },
      { status: 'no_show', at: '2026-03-03T15:00:00.000Z', by: THERAPIST },
    ]);
  });
});

describe('StatusMenu', () => {
  it('is a chip showing the status that opens one menu of statuses, the current one checked and focused', async () => {
    const stored = appointment();
    serverAccepts(stored);
    const user = userEvent.setup();
    await renderListed(stored);
    const trigger = chip('Scheduled');
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveTextContent('Scheduled');

    await user.click(trigger);
    const menu = screen.getByRole('menu', { name: 'Status of Jane D.: Scheduled' });
    expect(within(menu).getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual([
      'Scheduled',
      'Show',
      'No show',
      'Late cancel (inside 24 h) — fee $60.00',
      'Cancel without fee',
      'Clinician cancelled',
    ]);
    expect(within(menu).getByRole('menuitemradio', { name: 'Scheduled' })).toHaveAttribute('aria-checked', 'true');
    expect(within(menu).getByRole('menuitemradio', { name: 'Scheduled' })).toHaveFocus();
    expect(within(menu).getByRole('menuitemradio', { name: 'Show' })).toHaveAttribute('aria-checked', 'false');
  });

  it('one choice sets the status with its fee, who and when; the chip says it and keeps the focus', async () => {
    const stored = appointment();
    serverAccepts(stored);
    const user = userEvent.setup();
    await renderListed(stored);
    await user.click(chip('Scheduled'));
    await user.click(screen.getByRole('menuitemradio', { name: 'Show' }));
    expect(await screen.findByRole('button', { name: 'Status of Jane D.: Show' })).toHaveFocus();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(written()).toMatchObject({ status: 'show', feeAmount: 12000, currency: 'USD', feeWaived: false });
    expect(statusHistory({ statusHistory: written()!.statusHistory! })).toEqual([{ status: 'show', at: expect.any(String), by: THERAPIST }]);
    expect(await screen.findByText('Fee: $120.00')).toBeVisible();
    const history = within(screen.getByRole('region', { name: 'Status history' }));
    expect(history.getByText('Show')).toBeVisible();
    expect(history.getByText('by you')).toBeVisible();
  });

  it('works from the keyboard: Enter opens it, arrows move, Space chooses, focus comes back to the chip', async () => {
    const stored = appointment();
    serverAccepts(stored);
    const user = userEvent.setup();
    await renderListed(stored);
    chip('Scheduled').focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitemradio', { name: 'Scheduled' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'No show' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitemradio', { name: 'Show' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitemradio', { name: 'Clinician cancelled' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Scheduled' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitemradio', { name: 'No show' })).toHaveFocus();
    await user.keyboard(' ');
    expect(written()).toMatchObject({ status: 'no_show', feeAmount: 7500 });
    expect(await screen.findByRole('button', { name: 'Status of Jane D.: No show' })).toHaveFocus();
  });

  it('Escape closes the menu with the status as it was and focus on the chip; Space opens it too', async () => {
    const stored = appointment();
    serverAccepts(stored);
    const user = userEvent.setup();
    await renderListed(stored);
    chip('Scheduled').focus();
    await user.keyboard(' ');
    expect(screen.getByRole('menu')).toBeVisible();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(chip('Scheduled')).toHaveFocus();
    expect(chip('Scheduled')).toHaveAttribute('aria-expanded', 'false');
    expect(updateAppointment).not.toHaveBeenCalled();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Scheduled' })).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(updateAppointment).not.toHaveBeenCalled();
  });

  it('inside the window: a late cancel with its fee or a cancel without one, chosen in the same menu', async () => {
    const stored = appointment({ start: new Date(Date.now() + 5 * HOUR).toISOString() });
    serverAccepts(stored);
    const user = userEvent.setup();
    await renderListed(stored);

    await user.click(chip('Scheduled'));
    await user.click(screen.getByRole('menuitemradio', { name: 'Late cancel (inside 24 h) — fee $60.00' }));
    expect(written()).toMatchObject({ status: 'late_cancelled', feeAmount: 6000 });
    expect(await screen.findByRole('button', { name: 'Status of Jane D.: Late cancelled' })).toHaveFocus();
    expect(await screen.findByText('Late-cancel fee: $60.00')).toBeVisible();

    await user.click(chip('Late cancelled'));
    expect(screen.getByRole('menuitemradio', { name: 'Late cancel (inside 24 h) — fee $60.00' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Cancel without fee' }));
    expect(written()).toMatchObject({ status: 'cancelled', feeAmount: null });
    expect(await screen.findByRole('button', { name: 'Status of Jane D.: Cancelled' })).toBeVisible();
  });

  it('outside the window Cancelled is one choice, with no fee', async () => {
    const later = appointment({ start: new Date(Date.now() + 72 * HOUR).toISOString() });
    serverAccepts(later);
    const user = userEvent.setup();
    await renderListed(later);
    await user.click(chip('Scheduled'));
    expect(screen.queryByRole('menuitemradio', { name: /Late cancel/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitemradio', { name: 'Cancelled' }));
    expect(written()).toMatchObject({ status: 'cancelled', feeAmount: null });
  });

  it('choosing the status it already has writes nothing', async () => {
    const stored = appointment();
    serverAccepts(stored);
    const user = userEvent.setup();
    await renderListed(stored);
    await user.click(chip('Scheduled'));
    await user.click(screen.getByRole('menuitemradio', { name: 'Scheduled' }));
    expect(updateAppointment).not.toHaveBeenCalled();
    expect(chip('Scheduled')).toHaveFocus();
  });

  it('a no-show fee can be waived with a reason, and charged again', async () => {
    const stored = appointment();
    serverAccepts(stored);
    const user = userEvent.setup();
    await renderListed(stored);
    await user.click(chip('Scheduled'));
    await user.click(screen.getByRole('menuitemradio', { name: 'No show' }));
    expect(await screen.findByText('No-show fee: $75.00')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Waive fee' }));
    const reason = screen.getByRole('textbox', { name: /Why is the fee waived/ });
    expect(reason).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Waive fee' }));
    expect(screen.getByText('Say why the fee is waived.')).toBeVisible();
    await user.type(reason, 'Family emergency');
    await user.click(screen.getByRole('button', { name: 'Waive fee' }));
    expect(written()).toEqual({ feeWaived: true, feeWaivedReason: 'Family emergency' });
    expect(await screen.findByText('Fee waived: Family emergency')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Charge the fee' }));
    expect(written()).toEqual({ feeWaived: false, feeWaivedReason: null });
    expect(await screen.findByText('No-show fee: $75.00')).toBeVisible();
  });

  it('a refused write puts the status back and says so', async () => {
    const stored = appointment();
    vi.mocked(updateAppointment).mockRejectedValue(new AppwriteException('Network request failed', 0));
    const user = userEvent.setup();
    await renderListed(stored);
    await user.click(chip('Scheduled'));
    await user.click(screen.getByRole('menuitemradio', { name: 'Show' }));
    expect(await screen.findByText('The status was not saved')).toBeVisible();
    await waitFor(() => expect(chip('Scheduled')).toBeVisible());
    expect(screen.getByTestId('status')).toHaveTextContent('scheduled');
  });
});
