// Today (issues #13, #37): today's date, the first-run "Get started" checklist until it is done
// (each step from the practice's data), the day's rows. The Appwrite calls are replaced here;
// e2e/tests/practice.spec.ts runs the same page against the local Appwrite.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppwriteException } from 'appwrite';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { listClients } from '../clients/api/list-clients.ts';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { getPracticeSettings, type PracticeSettingsDocument } from '../practice/api/get-practice-settings.ts';
import { listServices } from '../practice/api/list-services.ts';
import type { ServiceDocument } from '../practice/api/service-document.ts';
import { suggestedServices } from '../practice/services.ts';
import { listAppointments } from '../schedule/api/list-appointments.ts';
import { updateAppointment } from '../schedule/api/update-appointment.ts';
import { listPendingRequests } from '../schedule/api/booking-requests-api.ts';
import { listUndeliveredGfes, listUndraftedGfes, type GfeVersion } from '../clients/gfe/gfe-due.ts';
import type { AppointmentDocument } from '../schedule/appointment.ts';
import { practiceSettingsSchema } from '../practice/practice-settings.ts';
import { TodayPage } from './today-page.tsx';
import { useUnreadMessages } from '../inbox/use-inbox.ts';
import { admitWaiting, useWaitingRooms } from '../sessions/video/waiting-rooms.ts';
import { waitText } from './todays-appointments.tsx';

vi.mock('../practice/api/get-practice-settings.ts', () => ({ getPracticeSettings: vi.fn() }));
vi.mock('../practice/api/list-services.ts', () => ({ listServices: vi.fn() }));
vi.mock('../clients/api/list-clients.ts', () => ({ listClients: vi.fn() }));
vi.mock('../schedule/api/list-appointments.ts', () => ({ listAppointments: vi.fn() }));
vi.mock('../schedule/api/update-appointment.ts', () => ({ updateAppointment: vi.fn() }));
vi.mock('../schedule/api/booking-requests-api.ts', () => ({ listPendingRequests: vi.fn(), decideRequest: vi.fn() }));
vi.mock('../clients/gfe/gfe-due.ts', async (original) => ({ ...(await original<typeof import('../clients/gfe/gfe-due.ts')>()), listUndeliveredGfes: vi.fn(), listUndraftedGfes: vi.fn() }));
vi.mock('../inbox/use-inbox.ts', () => ({ useUnreadMessages: vi.fn() }));
vi.mock('../sessions/video/waiting-rooms.ts', () => ({ useWaitingRooms: vi.fn(), admitWaiting: vi.fn() }));

function renderToday() {
  useAuthStore.setState({ user: { $id: 'therapist1', name: 'Ada Lovelace' } as AuthUser, status: 'signedIn' });
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <QueryProvider>
        <TodayPage />
      </QueryProvider>
    </MemoryRouter>,
  );
}

const services = (fees: (number | null)[]) => fees.map((fee, i) => ({ ...suggestedServices()[i]!, fee, $id: `s${i}` })) as unknown as ServiceDocument[];
const clients = (count: number) => Array.from({ length: count }, (_, i) => ({ $id: `c${i}` })) as unknown as ClientDocument[];

const step = (name: string) => screen.getByRole('link', { name }).closest('li')!;

beforeEach(() => {
  vi.resetAllMocks();
  queryClient.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.mocked(listAppointments).mockResolvedValue([]);
  vi.mocked(listPendingRequests).mockResolvedValue([]);
  vi.mocked(listUndeliveredGfes).mockResolvedValue([]);
  vi.mocked(listUndraftedGfes).mockResolvedValue([]);
  vi.mocked(useUnreadMessages).mockReturnValue(0);
  vi.mocked(useWaitingRooms).mockReturnValue(new Map());
});

describe('Today', () => {
  it('says how many messages are unread, with the way to the Inbox; nothing when none are', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue({ practiceName: 'Calm Waters Therapy' } as PracticeSettingsDocument);
    vi.mocked(listServices).mockResolvedValue(services([12000]));
    vi.mocked(listClients).mockResolvedValue(clients(1));
    vi.mocked(useUnreadMessages).mockReturnValue(3);
    renderToday();
    const card = await screen.findByRole('region', { name: 'Unread messages (3)' }, { timeout: 5000 });
    expect(within(card).getByRole('link', { name: 'Open the Inbox' })).toHaveAttribute('href', '/dashboard/inbox');
  });

  it('reminds of each Good Faith Estimate not yet delivered, soonest due first, until none is left', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue({ practiceName: 'Calm Waters Therapy' } as PracticeSettingsDocument);
    vi.mocked(listServices).mockResolvedValue(services([null, 12000, null]));
    vi.mocked(listClients).mockResolvedValue([{ $id: 'c1', firstName: 'Jane', lastName: 'Doe', preferredName: null }] as unknown as ClientDocument[]);
    const draft = { id: 'g1', clientId: 'c1', version: 1, status: 'draft', dueOn: '2020-01-02' } as GfeVersion;
    vi.mocked(listUndeliveredGfes).mockResolvedValue([draft, { ...draft, id: 'g2', dueOn: null }]);
    // Booked and self-pay, with nothing drafted yet: listed by its due date too.
    vi.mocked(listUndraftedGfes).mockResolvedValue([
      { clientId: 'c2', appointmentId: 'a2', visitOn: '2030-01-20', dueOn: '2030-01-03' },
      // Delivered, but what is booked no longer matches it: a new version is due.
      { clientId: 'c3', appointmentId: 'a3', visitOn: '2030-02-20', dueOn: '2030-02-04', change: { version: 1, currency: 'USD', fee: { from: 12000, to: 14000 }, frequency: { from: 'weekly', to: 'biweekly' } } },
    ]);
    vi.mocked(listClients).mockResolvedValue([
      { $id: 'c1', firstName: 'Jane', lastName: 'Doe', preferredName: null }, { $id: 'c2', firstName: 'Cara', lastName: 'Diaz', preferredName: null },
      { $id: 'c3', firstName: 'Ellis', lastName: 'Moor', preferredName: null },
    ] as unknown as ClientDocument[]);
    renderToday();
    const card = await screen.findByRole('region', { name: 'Good Faith Estimates to deliver (3)' });
    expect(within(card).getByText('a session is booked at $140.00, version 1 says $120.00; sessions look booked every 2 weeks, version 1 says weekly: a new version is due Mon, Feb 4, 2030')).toBeVisible();
    expect(within(card).getByRole('link', { name: /Jane/ })).toHaveAttribute('href', '/dashboard/clients/c1?tab=billing');
    expect(within(card).getByText('overdue since Thu, Jan 2, 2020')).toBeVisible();
    expect(within(card).getByRole('link', { name: /Cara/ })).toHaveAttribute('href', '/dashboard/clients/c2?tab=billing');
    expect(within(card).getByText('booked, no estimate drafted yet, due Thu, Jan 3, 2030')).toBeVisible();
    // Soonest due first.
    expect(within(card).getAllByRole('link').map((a) => a.textContent)).toEqual([expect.stringMatching(/Jane/), expect.stringMatching(/Cara/), expect.stringMatching(/Ellis/)]);
  });

  it("shows today's date; a new practice gets the checklist at the top, each step opening the right place", async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(null);
    vi.mocked(listServices).mockResolvedValue([]);
    vi.mocked(listClients).mockResolvedValue([]);
    renderToday();
    expect(screen.getByText(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    expect(await screen.findByText('0 of 3 done')).toBeVisible();
    for (const name of ['Set up your practice', 'Add a service', 'Add a client']) expect(within(step(name)).getByText('Not done')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Set up your practice' })).toHaveAttribute('href', '/dashboard/practice');
    expect(screen.getByRole('link', { name: 'Add a service' })).toHaveAttribute('href', '/dashboard/practice?tab=services');
    expect(screen.getByRole('link', { name: 'Add a client' })).toHaveAttribute('href', '/dashboard/clients/new');
    // The checklist comes first, before the day.
    const checklist = screen.getByRole('region', { name: 'Get started' });
    const day = await screen.findByRole('region', { name: "Today's appointments" });
    expect(checklist.compareDocumentPosition(day) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('once every step is done the checklist is gone', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue({ practiceName: 'Calm Waters Therapy' } as PracticeSettingsDocument);
    vi.mocked(listServices).mockResolvedValue(services([null, 12000, null]));
    vi.mocked(listClients).mockResolvedValue(clients(1));
    renderToday();
    expect(await screen.findByRole('region', { name: "Today's appointments" })).toBeVisible();
    await waitFor(() => expect(vi.mocked(listClients)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
    expect(screen.queryByText(/of 3 done/)).not.toBeInTheDocument();
  });

  it('suggested services without fees are not "a service" yet', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue({ practiceName: 'Calm Waters Therapy' } as PracticeSettingsDocument);
    vi.mocked(listServices).mockResolvedValue(services([null, null, null]));
    vi.mocked(listClients).mockResolvedValue(clients(2));
    renderToday();
    expect(await screen.findByText('2 of 3 done')).toBeVisible();
    expect(within(step('Add a service')).getByText('Not done')).toBeVisible();
    expect(within(step('Add a service')).getByText('Give at least one service its fee.')).toBeVisible();
  });

  it('a failed load names what failed, and Retry loads it again', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(null);
    vi.mocked(listServices).mockResolvedValue([]);
    vi.mocked(listClients).mockRejectedValueOnce(new AppwriteException('Server error', 500)).mockResolvedValueOnce(clients(4));
    renderToday();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Loading clients failed');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 of 3 done')).toBeVisible();
  });
});

describe("Today's appointments (issue 14)", () => {
  // Noon in Chicago on a Tuesday; only Date is faked, so timers and clicks run as usual.
  const NOON = new Date('2026-03-03T18:00:00.000Z');
  const settings = { ...practiceSettingsSchema.parse({ practiceName: 'Calm Waters Therapy', therapistName: 'Dana', timeZone: 'America/Chicago', noShowFeeType: 'fixed', noShowFeeAmount: 5000 }), $id: 's1' } as PracticeSettingsDocument;
  const people = [
    { $id: 'jane', firstName: 'Jane', lastName: 'Doe', preferredName: null, feeOverride: null, currency: 'USD' },
    { $id: 'bob', firstName: 'Robert', lastName: 'Chen', preferredName: 'Bob', feeOverride: null, currency: 'USD', phone: '(555) 010-2030' },
  ] as unknown as ClientDocument[];
  const at = (minutesFromNoon: number) => new Date(NOON.getTime() + minutesFromNoon * 60_000).toISOString();
  const appointment = (id: string, clientId: string, fromNoon: number, status: AppointmentDocument['status'] = 'scheduled') =>
    ({ $id: id, $permissions: [], userId: 'therapist1', clientId, serviceId: 's1', start: at(fromNoon), end: at(fromNoon + 45), status, statusHistory: [], feeAmount: null, currency: 'USD', feeWaived: false, feeWaivedReason: null, noteState: 'none' }) as unknown as AppointmentDocument;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOON);
    vi.mocked(getPracticeSettings).mockResolvedValue(settings);
    vi.mocked(listServices).mockResolvedValue(services([12000]));
    vi.mocked(listClients).mockResolvedValue(people);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows each client's phone as the practice reads it: its own country's numbers nationally (issue 29)", async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue({ ...settings, country: 'FR' });
    vi.mocked(listClients).mockResolvedValue([
      { ...people[0]!, phone: '+33612345678' },
      { ...people[1]!, phone: '+13125550100' },
    ] as ClientDocument[]);
    vi.mocked(listAppointments).mockResolvedValue([appointment('a', 'jane', 25), appointment('b', 'bob', 180)]);
    renderToday();
    expect(await screen.findByRole('link', { name: 'Call Jane Doe, 06 12 34 56 78' })).toHaveAttribute('href', 'tel:+33612345678');
    expect(screen.getByRole('link', { name: 'Call Bob Chen, +1 312 555 0100' })).toHaveTextContent('+1 312 555 0100');
  });

  it("lists the day's appointments in order with the next one's countdown, and sets a status in one click", async () => {
    let stored = [appointment('late', 'bob', 180), appointment('soon', 'jane', 25), appointment('early', 'bob', -180, 'show')];
    vi.mocked(listAppointments).mockImplementation(async () => stored);
    vi.mocked(updateAppointment).mockImplementation(async (id, changes) => {
      stored = stored.map((one) => (one.$id === id ? { ...one, ...changes } : one));
      return stored.find((one) => one.$id === id)!;
    });
    const user = userEvent.setup();
    renderToday();

    expect(await screen.findByText('Next: Jane D. in 25 min')).toBeVisible();
    const day = screen.getByRole('region', { name: "Today's appointments" });
    const rows = within(day).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.today__appointment-time')?.textContent)).toEqual(['9:00 AM – 9:45 AM', '12:25 PM – 1:10 PM', '3:00 PM – 3:45 PM']);
    expect(within(rows[1]!).getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', '/dashboard/clients/jane');
    // One row each: the client by preferred name, the note action, the place, the phone.
    expect(within(rows[0]!).getByRole('link', { name: 'Bob Chen' })).toBeVisible();
    expect(within(rows[0]!).getByText('Office')).toBeVisible();
    expect(within(rows[0]!).getByRole('link', { name: 'Call Bob Chen, (555) 010-2030' })).toHaveAttribute('href', 'tel:5550102030');
    expect(within(rows[1]!).queryByRole('link', { name: /^Call / })).not.toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: /: Show$/ })).toHaveAttribute('aria-haspopup', 'menu');
    // The range asked for is the practice's day, midnight to midnight in Chicago.
    expect(vi.mocked(listAppointments).mock.calls[0]!.slice(1, 3)).toEqual(['2026-03-03T06:00:00.000Z', '2026-03-04T06:00:00.000Z']);

    await user.click(screen.getByRole('button', { name: 'Status of Jane D. at 12:25 PM: Scheduled' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'No show' }));
    await waitFor(() => expect(updateAppointment).toHaveBeenCalledWith('soon', expect.objectContaining({ status: 'no_show', feeAmount: 5000 })));
    expect(await screen.findByText('Next: Bob C. in 3 h')).toBeVisible();
  });

  it('a client waiting in the video room shows as "Jane D. is waiting" with Admit, which lets them in and opens the room (issue 34)', async () => {
    vi.mocked(listAppointments).mockResolvedValue([
      { ...appointment('video', 'jane', 10), locationType: 'telehealth' },
      { ...appointment('later', 'bob', 180), locationType: 'telehealth' },
    ] as AppointmentDocument[]);
    vi.mocked(useWaitingRooms).mockReturnValue(new Map([['video', at(-2)]]));
    vi.mocked(admitWaiting).mockResolvedValue(null);
    const user = userEvent.setup();
    renderToday();
    const day = await screen.findByRole('region', { name: "Today's appointments" });
    const rows = await within(day).findAllByRole('listitem');
    expect(within(rows[0]!).getByText('Jane D. is waiting')).toBeVisible();
    expect(within(rows[0]!).queryByRole('link', { name: /^Start video session/ })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Start video session with Bob Chen, 3:00 PM' })).toHaveAttribute('href', '/dashboard/sessions/later/video');
    expect(within(rows[1]!).queryByText(/is waiting/)).not.toBeInTheDocument();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Admit Jane D.' }));
    expect(admitWaiting).toHaveBeenCalledWith('video');
  });

  it('a free day says so; a practice set up has no checklist', async () => {
    renderToday();
    expect(await screen.findByText('No appointments today.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the schedule' })).toHaveAttribute('href', '/dashboard/schedule');
    expect(screen.queryByRole('heading', { name: 'Get started' })).not.toBeInTheDocument();
  });

  it('counts down in minutes, then hours and minutes', () => {
    expect(waitText(25)).toBe('in 25 min');
    expect(waitText(60)).toBe('in 1 h');
    expect(waitText(125)).toBe('in 2 h 5 min');
    expect(waitText(0)).toBe('now');
  });
});
