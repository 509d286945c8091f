// The schedule (issue #14) as a therapist meets it: the calendar views, the appointment form, the
// reschedule dialog and the keyboard, inside a memory router and the one query cache. The Appwrite
// calls (schedule/api, the practice's and clients' reads) are replaced, so each test sets what is
// stored; the calls themselves are tested over HTTP in backend/test and e2e/tests/schedule.spec.ts.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from '@cadence/shared-router';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider } from '@cadence/shared-auth/query';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { listClients } from '../clients/api/list-clients.ts';
import type { ServiceDocument } from '../practice/api/service-document.ts';
import { decideRequest, listPendingRequests } from './api/booking-requests-api.ts';
import { createAppointment } from './api/create-appointment.ts';
import { listAppointments } from './api/list-appointments.ts';
import { createSeries, SeriesRefusal } from './api/schedule-series.ts';
import { updateAppointment } from './api/update-appointment.ts';
import type { AppointmentDocument } from './appointment.ts';
import { SchedulePage } from './schedule-page.tsx';

vi.mock('../clients/api/list-clients.ts', () => ({ listClients: vi.fn() }));
vi.mock('../practice/api/list-services.ts', () => ({ listServices: vi.fn(async () => [psychotherapy]) }));
vi.mock('../practice/api/get-practice-settings.ts', () => ({
  getPracticeSettings: vi.fn(async () => ({ timeZone: 'America/New_York', currency: 'USD', cancellationWindowHours: 24, lateCancelFeeType: 'none', noShowFeeType: 'none' })),
}));
vi.mock('./api/list-appointments.ts', () => ({ listAppointments: vi.fn() }));
vi.mock('./api/create-appointment.ts', () => ({ createAppointment: vi.fn() }));
vi.mock('./api/update-appointment.ts', () => ({ updateAppointment: vi.fn() }));
vi.mock('./api/delete-appointment.ts', () => ({ deleteAppointment: vi.fn() }));
vi.mock('./api/booking-requests-api.ts', () => ({ listPendingRequests: vi.fn(async () => []), decideRequest: vi.fn() }));
vi.mock('./api/schedule-series.ts', async (original) => {
  const real = await original<typeof import('./api/schedule-series.ts')>();
  return { ...real, createSeries: vi.fn(), editSeries: vi.fn(), endSeries: vi.fn() };
});

const THERAPIST = 'therapist1';
const owner = [`read("user:${THERAPIST}")`, `update("user:${THERAPIST}")`, `delete("user:${THERAPIST}")`];
const base = { $collectionId: 'x', $databaseId: 'main', $createdAt: '2026-01-01T00:00:00.000Z', $updatedAt: '2026-01-01T00:00:00.000Z', $permissions: owner, $sequence: 1, userId: THERAPIST };
const psychotherapy = { ...base, $id: 'svc1', name: 'Psychotherapy', serviceCode: '90834', durationMinutes: 45, fee: 15000, currency: 'USD', color: 'blue', archived: false, sortOrder: 0 } as unknown as ServiceDocument;
const jane = { ...base, $id: 'jane', firstName: 'Jane', lastName: 'Doe', preferredName: null, status: 'active', tags: [], diagnosisCodes: [], feeOverride: 12000, currency: 'USD', defaultServiceId: 'svc1', email: 'jane@example.test' } as unknown as ClientDocument;

function appointment(id: string, start: string, minutes = 45, changes: Partial<AppointmentDocument> = {}): AppointmentDocument {
  return {
    ...base, $id: id, clientId: 'jane', serviceId: 'svc1', seriesId: null, start, end: new Date(Date.parse(start) + minutes * 60_000).toISOString(), status: 'scheduled',
    locationType: 'office', meetingLink: null, adminNote: null, feeAmount: 12000, currency: 'USD', feeWaived: false, feeWaivedReason: null, statusHistory: [], noteState: 'none', ...changes,
  } as AppointmentDocument;
}

function renderSchedule(path: string) {
  useAuthStore.setState({ user: { $id: THERAPIST, name: 'Dana Reyes', email: 'dana@example.test' } as AuthUser, status: 'signedIn' });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryProvider>
        <Routes>
          <Route path="/dashboard/schedule" element={<SchedulePage />} />
        </Routes>
      </QueryProvider>
    </MemoryRouter>,
  );
}

const listed = vi.mocked(listAppointments);

beforeEach(() => {
  vi.mocked(listClients).mockResolvedValue([jane]);
  // Tuesday 3 March 2026, 10:00 in New York (EST, UTC−5).
  listed.mockResolvedValue([appointment('a1', '2026-03-03T15:00:00.000Z')]);
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('the calendar views', () => {
  it('shows the week in the practice zone, each appointment named for a screen reader, and moves by week, month and agenda', async () => {
    const user = userEvent.setup();
    renderSchedule('/dashboard/schedule?view=week&date=2026-03-03');
    const jane10 = await screen.findByRole('button', { name: 'Tue, Mar 3, 2026, 10:00 AM, Jane D., Psychotherapy 45 min, Scheduled' }, { timeout: 5000 });
    expect(jane10).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: '1 – 7 March 2026' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Tue, Mar 3, 2026, 1 appointment' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Wed, Mar 4, 2026, no appointments' })).toBeVisible();
    // The range asked for is the week's midnights in New York, in UTC.
    expect(listed).toHaveBeenCalledWith(THERAPIST, '2026-03-01T05:00:00.000Z', '2026-03-08T05:00:00.000Z', {});

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { level: 2, name: '8 – 14 March 2026' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(await screen.findByRole('table', { name: 'March 2026' })).toBeVisible();
    expect(await screen.findByRole('button', { name: /^Tue, Mar 3, 2026, 10:00 AM, Jane D\./ })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Agenda' }));
    expect(await screen.findByRole('heading', { level: 2, name: '10 – 23 March 2026' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Previous days' }));
    expect(await screen.findByRole('button', { name: 'Tue, Mar 3, 2026, 10:00 AM, Jane D., Psychotherapy 45 min, Office, Scheduled' })).toBeVisible();
  });

  it('opens an appointment from the keyboard, and Alt+Down moves it 15 minutes with Undo', async () => {
    vi.mocked(updateAppointment).mockImplementation(async (id, changes) => ({ ...appointment(id, '2026-03-03T15:00:00.000Z'), ...changes }) as AppointmentDocument);
    const user = userEvent.setup();
    renderSchedule('/dashboard/schedule?view=day&date=2026-03-03');
    const block = await screen.findByRole('button', { name: /^Tue, Mar 3, 2026, 10:00 AM, Jane D\./ }, { timeout: 5000 });
    block.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(updateAppointment).toHaveBeenCalledWith('a1', { start: '2026-03-03T15:15:00.000Z', end: '2026-03-03T16:00:00.000Z' });
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(screen.getByRole('status')).toHaveTextContent('Moved Jane D. to Tue, Mar 3, 2026, 10:15 AM–11:00 AM.');
    await user.click(undo);
    expect(updateAppointment).toHaveBeenLastCalledWith('a1', { start: '2026-03-03T15:00:00.000Z', end: '2026-03-03T15:45:00.000Z' });

    await user.click(await screen.findByRole('button', { name: /^Tue, Mar 3, 2026, 10:00 AM, Jane D\./ }));
    const details = await screen.findByRole('dialog', { name: 'Jane Doe' });
    expect(within(details).getByRole('button', { name: 'Attendance: Scheduled' })).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(within(details).getByRole('button', { name: 'Reschedule…' }));
    const reschedule = await screen.findByRole('dialog', { name: 'Reschedule Jane D.' });
    fireEvent.change(within(reschedule).getByLabelText(/End time/), { target: { value: '09:00' } });
    await user.click(within(reschedule).getByRole('button', { name: 'Move appointment' }));
    expect(within(reschedule).getByText('The end must be after the start.')).toBeVisible();
    fireEvent.change(within(reschedule).getByLabelText(/Start time/), { target: { value: '13:00' } });
    fireEvent.change(within(reschedule).getByLabelText(/End time/), { target: { value: '14:00' } });
    await user.click(within(reschedule).getByRole('button', { name: 'Move appointment' }));
    expect(updateAppointment).toHaveBeenLastCalledWith('a1', { start: '2026-03-03T18:00:00.000Z', end: '2026-03-03T19:00:00.000Z' });
  });
});

describe('the appointment form', () => {
  async function openNew(user: ReturnType<typeof userEvent.setup>) {
    renderSchedule('/dashboard/schedule?view=week&date=2026-03-03');
    await screen.findByRole('button', { name: /^Tue, Mar 3, 2026, 10:00 AM/ }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'New appointment' }));
    return screen.findByRole('dialog', { name: 'New appointment' });
  }

  async function pickJane(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    await user.type(within(dialog).getByRole('combobox', { name: /Client/ }), 'Jan');
    await user.click(await within(dialog).findByRole('option', { name: /Jane Doe/ }));
  }

  it('says what is missing, warns of an overlap, and saves a single appointment at the instant the practice zone means', async () => {
    vi.mocked(createAppointment).mockImplementation(async (_user, fields) => ({ ...appointment('new1', fields.start), ...fields }) as AppointmentDocument);
    const user = userEvent.setup();
    const dialog = await openNew(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a client.')).toBeVisible();

    await pickJane(user, dialog);
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2026-03-03' } });
    fireEvent.change(within(dialog).getByLabelText(/^Start time/), { target: { value: '10:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This overlaps another appointment')).toBeVisible();
    expect(createAppointment).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(createAppointment).toHaveBeenCalledTimes(1));
    expect(vi.mocked(createAppointment).mock.calls[0]![1]).toMatchObject({
      clientId: 'jane', serviceId: 'svc1', start: '2026-03-03T15:30:00.000Z', end: '2026-03-03T16:15:00.000Z', status: 'scheduled', feeAmount: 12000, seriesId: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New appointment' })).toBeNull());
  });

  it('saves a weekly series through schedule-series, and shows the server’s message beside its field', async () => {
    vi.mocked(createSeries)
      .mockRejectedValueOnce(new SeriesRefusal('This rule never produces an appointment.', 'repeat', []))
      .mockResolvedValueOnce({ seriesId: 's1', created: 26 });
    const user = userEvent.setup();
    const dialog = await openNew(user);
    await pickJane(user, dialog);
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2026-03-10' } });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Repeat' }), 'Weekly on Tuesday');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This rule never produces an appointment.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New appointment' })).toBeNull());
    expect(createSeries).toHaveBeenLastCalledWith(
      { clientId: 'jane', serviceId: 'svc1', dtstart: '2026-03-10T09:00', timeZone: 'America/New_York', durationMinutes: 45, rrule: 'FREQ=WEEKLY;BYDAY=TU', locationType: 'office' },
      false,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Repeating appointment saved: 26 appointments so far');
  });

  it('refuses a count over 520 before asking the server', async () => {
    const user = userEvent.setup();
    const dialog = await openNew(user);
    await pickJane(user, dialog);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Repeat' }), 'weekly');
    await user.click(within(dialog).getByRole('radio', { name: 'After a number of appointments' }));
    const count = within(dialog).getByRole('textbox', { name: /Number of appointments/ });
    await user.clear(count);
    await user.type(count, '521');
    await act(async () => {
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(await within(dialog).findByText('Enter how many appointments, from 1 to 520.')).toBeVisible();
    expect(createSeries).not.toHaveBeenCalled();
  });
});

describe('appointment requests from the client portal (issue 32)', () => {
  it('a request waiting for an answer is a striped "Requested" block that opens Approve / Decline, not the appointment\'s details', async () => {
    // Answered, the request is no longer listed (the dialog goes with it).
    vi.mocked(listPendingRequests)
      .mockResolvedValueOnce([{ id: 'req1', clientId: 'jane', serviceId: 'svc1', start: '2026-03-04T16:00:00.000Z', end: '2026-03-04T16:45:00.000Z', requestedAt: '2026-03-01T12:00:00.000Z' }])
      .mockResolvedValue([]);
    vi.mocked(decideRequest).mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderSchedule('/dashboard/schedule?view=week&date=2026-03-03');
    const block = await screen.findByRole('button', { name: 'Wed, Mar 4, 2026, 11:00 AM, Jane D., Psychotherapy 45 min, Requested' }, { timeout: 5000 });
    expect(block).toHaveClass('sched-appt--requested');
    await user.click(block);
    const dialog = screen.getByRole('dialog', { name: 'Appointment request' });
    expect(within(dialog).getByText('Jane D. asked for Psychotherapy on Wed, Mar 4, 2026, 11:00 AM – 11:45 AM.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Decline…' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Message to the client (optional)' }), 'Could you do Thursday?');
    await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(decideRequest).toHaveBeenCalledWith({ requestId: 'req1', decision: 'decline', message: 'Could you do Thursday?' }));
    expect(await screen.findByText(/^Declined: Jane D\., Wed, Mar 4, 2026, 11:00 AM – 11:45 AM\. Jane D\. will be told\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Requested$/ })).toBeNull();
  });
});
