// A client's Appointments tab (issue #14): upcoming soonest first and past latest first, each with
// its status in one click, New appointment opening the schedule with the client chosen, and the
// appointment count that keeps Delete away. The Appwrite calls are replaced at the api modules.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Query, useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { Route, Routes } from '@cadence/shared-router';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { getPracticeSettings, type PracticeSettingsDocument } from '../practice/api/get-practice-settings.ts';
import { listServices } from '../practice/api/list-services.ts';
import type { ServiceDocument } from '../practice/api/service-document.ts';
import { practiceSettingsSchema } from '../practice/practice-settings.ts';
import { updateAppointment } from '../schedule/api/update-appointment.ts';
import type { AppointmentDocument } from '../schedule/appointment.ts';
import { listSessionsPage } from '../sessions/api/list-sessions.ts';
import type { ClientDocument } from './api/client-document.ts';
import { clientRecordCounts } from './api/client-record-counts.ts';
import { getClient } from './api/get-client.ts';
import { ClientPage } from './client-page.tsx';
import { CLIENT_TEXTS } from './client-texts.ts';

vi.mock('../sessions/api/list-sessions.ts', () => ({ listSessionsPage: vi.fn(), listAllSessions: vi.fn() }));
vi.mock('../schedule/api/update-appointment.ts', () => ({ updateAppointment: vi.fn() }));
vi.mock('../practice/api/get-practice-settings.ts', () => ({ getPracticeSettings: vi.fn() }));
vi.mock('../practice/api/list-services.ts', () => ({ listServices: vi.fn() }));
vi.mock('./api/get-client.ts', () => ({ getClient: vi.fn() }));
vi.mock('./api/client-record-counts.ts', async (original) => ({ ...(await original<typeof import('./api/client-record-counts.ts')>()), clientRecordCounts: vi.fn() }));

const THERAPIST = 'therapist1';
const jane = { $id: 'jane1', userId: THERAPIST, firstName: 'Jane', lastName: 'Doe', preferredName: null, status: 'active', tags: [], diagnosisCodes: [], feeOverride: 9000, currency: 'USD', $createdAt: '2026-01-01T00:00:00.000Z', $updatedAt: '2026-01-01T00:00:00.000Z' } as unknown as ClientDocument;
const therapy = { $id: 'svc1', name: 'Psychotherapy 45', fee: 12000, currency: 'USD', archived: false } as unknown as ServiceDocument;
const settings = { ...practiceSettingsSchema.parse({ practiceName: 'Calm Waters', therapistName: 'Dana', timeZone: 'America/Chicago' }), $id: 's1' } as PracticeSettingsDocument;

const appointment = (id: string, start: string, status: AppointmentDocument['status'] = 'scheduled') =>
  ({ $id: id, $permissions: [], userId: THERAPIST, clientId: jane.$id, serviceId: therapy.$id, start, end: new Date(Date.parse(start) + 45 * 60_000).toISOString(), status, statusHistory: [], feeAmount: null, currency: 'USD', feeWaived: false, feeWaivedReason: null, noteState: 'none' }) as unknown as AppointmentDocument;

function renderClient(tab: 'appointments' | 'profile') {
  useAuthStore.setState({ user: { $id: THERAPIST, name: 'Dana' } as AuthUser, status: 'signedIn' });
  render(
    <MemoryRouter initialEntries={[`/dashboard/clients/jane1?tab=${tab}`]}>
      <QueryProvider>
        <Routes>
          <Route path="/dashboard/clients/:clientId" element={<ClientPage />} />
        </Routes>
      </QueryProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.resetAllMocks();
  queryClient.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.mocked(getClient).mockResolvedValue(jane);
  vi.mocked(getPracticeSettings).mockResolvedValue(settings);
  vi.mocked(listServices).mockResolvedValue([therapy]);
  vi.mocked(clientRecordCounts).mockResolvedValue({ appointments: 0, notes: 0, ledgerEntries: 0 });
});

describe("a client's Appointments tab", () => {
  it('lists upcoming and past appointments with their status, and New appointment opens the schedule with the client', async () => {
    vi.mocked(listSessionsPage).mockImplementation(async (_user, queries, order) =>
      order === 'asc' ? [appointment('next', '2099-03-03T16:00:00.000Z')] : [appointment('last', '2026-01-06T16:00:00.000Z', 'show'), appointment('before', '2025-12-30T16:00:00.000Z', 'no_show')].filter(() => queries.length > 0),
    );
    vi.mocked(updateAppointment).mockImplementation(async (id, changes) => ({ ...appointment(id, '2099-03-03T16:00:00.000Z'), ...changes }));
    const user = userEvent.setup();
    renderClient('appointments');

    expect(await screen.findByRole('link', { name: 'New appointment' })).toHaveAttribute('href', '/dashboard/schedule?new=1&client=jane1');
    expect(screen.getByRole('link', { name: "See all of this client's sessions" })).toHaveAttribute('href', '/dashboard/sessions?client=jane1');
    const upcoming = await screen.findByRole('table', { name: 'Upcoming' });
    const upcomingRow = within(upcoming).getByRole('row', { name: /Tue, Mar 3, 2099/ });
    expect(within(upcomingRow).getByText('10:00 AM – 10:45 AM')).toBeVisible();
    expect(within(upcomingRow).getByText('Psychotherapy 45')).toBeVisible();
    const past = screen.getByRole('table', { name: 'Past' });
    expect(within(past).getAllByRole('rowheader').map((cell) => cell.querySelector('.session-when__date')?.textContent)).toEqual(['Tue, Jan 6, 2026', 'Tue, Dec 30, 2025']);
    expect(within(within(past).getByRole('row', { name: /Jan 6, 2026/ })).getByRole('button', { name: /^Status of the appointment on .*: Show$/ })).toHaveAttribute('aria-haspopup', 'menu');

    // Their own, split at now: upcoming soonest first, past latest first.
    const [upcomingCall, pastCall] = vi.mocked(listSessionsPage).mock.calls;
    expect(upcomingCall![1].slice(0, 2)).toEqual([Query.equal('userId', THERAPIST), Query.equal('clientId', 'jane1')]);
    expect(upcomingCall![1][2]).toMatch(/greaterThanEqual/);
    expect(upcomingCall![2]).toBe('asc');
    expect(pastCall![1][2]).toMatch(/lessThan/);
    expect(pastCall![2]).toBe('desc');

    await user.click(within(upcomingRow).getByRole('button', { name: /^Status of the appointment on .*: Scheduled$/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Clinician cancelled' }));
    await waitFor(() => expect(updateAppointment).toHaveBeenCalledWith('next', expect.objectContaining({ status: 'clinician_cancelled', feeAmount: null })));
  });

  it('a client with appointments cannot be deleted, only archived', async () => {
    vi.mocked(listSessionsPage).mockResolvedValue([]);
    vi.mocked(clientRecordCounts).mockResolvedValue({ appointments: 3, notes: 0, ledgerEntries: 0 });
    const user = userEvent.setup();
    renderClient('profile');
    expect(await screen.findByRole('button', { name: CLIENT_TEXTS.discharge })).toBeVisible();
    await waitFor(() => expect(clientRecordCounts).toHaveBeenCalledWith(THERAPIST, 'jane1'));
    expect(screen.queryByRole('button', { name: CLIENT_TEXTS.deleteClient })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Appointments' }));
    expect(await screen.findByText('No upcoming appointments.')).toBeVisible();
    expect(screen.getByText('No past appointments.')).toBeVisible();
  });
});
