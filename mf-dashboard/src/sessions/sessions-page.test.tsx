// All Sessions (issue #14) as a therapist meets it: a page of appointments from the server, the
// filters in the address (ids only), counts per status, a status in one click per row and the CSV
// of the whole filter. The Appwrite calls are replaced at the api modules; backend/test runs them
// over HTTP and e2e/tests/sessions.spec.ts runs the page against the local Appwrite.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Query, useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { Route, Routes, useLocation } from '@cadence/shared-router';
import { MemoryRouter } from '@cadence/shared-router/testing';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { listClients } from '../clients/api/list-clients.ts';
import { getPracticeSettings, type PracticeSettingsDocument } from '../practice/api/get-practice-settings.ts';
import { listServices } from '../practice/api/list-services.ts';
import type { ServiceDocument } from '../practice/api/service-document.ts';
import { practiceSettingsSchema } from '../practice/practice-settings.ts';
import { updateAppointment } from '../schedule/api/update-appointment.ts';
import { APPOINTMENT_STATUSES, type AppointmentDocument } from '../schedule/appointment.ts';
import { countSessionsByStatus } from './api/count-sessions.ts';
import { listAllSessions, listSessionsPage } from './api/list-sessions.ts';
import { SESSIONS_PAGE_SIZE, type StatusCounts } from './session-filter.ts';
import { SessionsPage } from './sessions-page.tsx';

vi.mock('./api/list-sessions.ts', () => ({ listSessionsPage: vi.fn(), listAllSessions: vi.fn() }));
vi.mock('./api/count-sessions.ts', () => ({ countSessionsByStatus: vi.fn() }));
vi.mock('../clients/api/list-clients.ts', () => ({ listClients: vi.fn() }));
vi.mock('../practice/api/get-practice-settings.ts', () => ({ getPracticeSettings: vi.fn() }));
vi.mock('../practice/api/list-services.ts', () => ({ listServices: vi.fn() }));
vi.mock('../schedule/api/update-appointment.ts', () => ({ updateAppointment: vi.fn() }));

const THERAPIST = 'therapist1';
const ZONE = 'America/Chicago';

const settings = { ...practiceSettingsSchema.parse({ practiceName: 'Calm Waters', therapistName: 'Dana', timeZone: ZONE, noShowFeeType: 'fixed', noShowFeeAmount: 5000 }), $id: 's1' } as PracticeSettingsDocument;
const jane = { $id: 'jane1', firstName: 'Jane', lastName: 'Doe', preferredName: null, feeOverride: null, currency: 'USD' } as unknown as ClientDocument;
const evil = { $id: 'evil1', firstName: '=HYPERLINK("http://x")', lastName: 'Smith', preferredName: null, feeOverride: 9000, currency: 'USD' } as unknown as ClientDocument;
const therapy = { $id: 'svc1', name: 'Psychotherapy 45', serviceCode: '90834', durationMinutes: 45, fee: 12000, currency: 'USD', archived: false } as unknown as ServiceDocument;
const intake = { $id: 'svc2', name: 'Intake', serviceCode: '90791', durationMinutes: 60, fee: 20000, currency: 'USD', archived: true } as unknown as ServiceDocument;

let sequence = 0;
function appointment(fields: Partial<AppointmentDocument>): AppointmentDocument {
  const start = fields.start ?? '2026-03-03T16:00:00.000Z';
  return {
    $id: `appt${++sequence}`,
    $permissions: [],
    userId: THERAPIST,
    clientId: jane.$id,
    serviceId: therapy.$id,
    seriesId: null,
    start,
    end: new Date(Date.parse(start) + 45 * 60_000).toISOString(),
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

const counts = (values: Partial<StatusCounts>): StatusCounts => ({ ...Object.fromEntries(APPOINTMENT_STATUSES.map((status) => [status, 0])), ...values }) as StatusCounts;

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname + location.search}</output>;
}

function renderSessions(path = '/dashboard/sessions') {
  useAuthStore.setState({ user: { $id: THERAPIST, name: 'Dana' } as AuthUser, status: 'signedIn' });
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryProvider>
        <Routes>
          <Route path="/dashboard/sessions" element={<SessionsPage />} />
          <Route path="/dashboard/clients/:clientId" element={<p>Client page</p>} />
        </Routes>
        <CurrentPath />
      </QueryProvider>
    </MemoryRouter>,
  );
}

const path = () => screen.getByTestId('path').textContent;
const table = () => screen.getByRole('table', { name: 'Sessions' });
/** The queries the last page was asked with. */
const lastPageCall = () => vi.mocked(listSessionsPage).mock.calls.at(-1)!;

beforeEach(() => {
  vi.resetAllMocks();
  queryClient.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.mocked(getPracticeSettings).mockResolvedValue(settings);
  vi.mocked(listClients).mockResolvedValue([jane, evil]);
  vi.mocked(listServices).mockResolvedValue([therapy, intake]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('All Sessions', () => {
  it('lists a page of appointments on the practice clock, with counts per status and the status in one click per row', async () => {
    const first = appointment({ start: '2026-03-03T16:00:00.000Z', status: 'show', feeAmount: 12000 });
    const second = appointment({ start: '2026-03-02T15:00:00.000Z', clientId: evil.$id, serviceId: intake.$id });
    vi.mocked(listSessionsPage).mockResolvedValue([first, second]);
    vi.mocked(countSessionsByStatus).mockResolvedValue(counts({ show: 1, scheduled: 1 }));
    vi.mocked(updateAppointment).mockImplementation(async (id, changes) => ({ ...second, ...changes, $id: id }));
    const user = userEvent.setup();
    renderSessions();

    expect(await screen.findByText('Showing 1–2 of 2 sessions')).toBeVisible();
    const janeRow = within(table()).getByRole('row', { name: /Jane Doe/ });
    expect(within(janeRow).getByText('Tue, Mar 3, 2026')).toBeVisible();
    expect(within(janeRow).getByText('10:00 AM – 10:45 AM')).toBeVisible();
    expect(within(janeRow).getByText('Psychotherapy 45')).toBeVisible();
    expect(within(janeRow).getByText('$120.00')).toBeVisible();
    expect(within(janeRow).getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', '/dashboard/clients/jane1');
    expect(within(janeRow).getByRole('button', { name: /^Status of Jane Doe, .*: Show$/ })).toHaveAttribute('aria-haspopup', 'menu');

    const statuses = screen.getByRole('group', { name: 'Status' });
    expect(within(statuses).getByRole('button', { name: 'All 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(statuses).getByRole('button', { name: 'Show 1' })).toBeVisible();
    expect(within(statuses).getByRole('button', { name: 'No show 0' })).toBeVisible();
    // The past, newest first: what has started before the page opened.
    expect(lastPageCall()).toEqual([THERAPIST, [Query.equal('userId', THERAPIST), expect.stringMatching(/"method":"lessThan","attribute":"start"/)], 'desc', 1]);

    const smithRow = within(table()).getByRole('row', { name: /Smith/ });
    expect(within(smithRow).getByText('Intake')).toBeVisible();
    await user.click(within(smithRow).getByRole('button', { name: /^Status of .*: Scheduled$/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'No show' }));
    await waitFor(() => expect(updateAppointment).toHaveBeenCalledWith(second.$id, expect.objectContaining({ status: 'no_show', feeAmount: 5000 })));
    // The counts are asked again once the write has settled.
    await waitFor(() => expect(countSessionsByStatus).toHaveBeenCalledTimes(2));
  });

  it('filters by status, service, client, dates and note state in the address — ids only — and asks the server for them', async () => {
    vi.mocked(listSessionsPage).mockResolvedValue([appointment({})]);
    vi.mocked(countSessionsByStatus).mockResolvedValue(counts({ scheduled: 1, no_show: 3 }));
    const user = userEvent.setup();
    renderSessions();
    await screen.findByText(/Showing 1–1/);

    await user.click(screen.getByRole('button', { name: 'No show 3' }));
    expect(path()).toBe('/dashboard/sessions?status=no_show');
    await waitFor(() => expect(lastPageCall()[1]).toContain(Query.equal('status', 'no_show')));
    expect(screen.getByRole('button', { name: 'No show 3' })).toHaveAttribute('aria-pressed', 'true');

    // Code and length beside each name, so two services of one name are told apart (issue 37).
    expect(within(screen.getByRole('combobox', { name: 'Service' })).getByRole('option', { name: 'Psychotherapy 45 (90834, 45 min)' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service' }), 'Intake (90791, 60 min) — archived');
    expect(path()).toBe('/dashboard/sessions?status=no_show&service=svc2');

    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    await user.keyboard('Jane');
    await user.click(await screen.findByRole('option', { name: 'Jane Doe' }));
    expect(path()).toBe('/dashboard/sessions?status=no_show&service=svc2&client=jane1');
    expect(path()).not.toMatch(/Jane|Doe/);

    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Note' }), 'Signed');
    await waitFor(() =>
      expect(lastPageCall()[1]).toEqual([
        Query.equal('userId', THERAPIST),
        Query.equal('clientId', 'jane1'),
        Query.equal('serviceId', 'svc2'),
        Query.equal('status', 'no_show'),
        Query.equal('noteState', 'signed'),
        // Midnight in Chicago (CST, UTC-6) to the midnight after the 31st (CDT, UTC-5).
        Query.greaterThanEqual('start', '2026-03-01T06:00:00.000Z'),
        Query.lessThan('start', '2026-04-01T05:00:00.000Z'),
        expect.stringMatching(/"method":"lessThan","attribute":"start"/),
      ]),
    );
    // The counts are the filter's without its status.
    expect(vi.mocked(countSessionsByStatus).mock.calls.at(-1)![0]).not.toContain(Query.equal('status', 'no_show'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(path()).toBe('/dashboard/sessions');
  });

  it('opens on the past; Upcoming (kept in the address) asks for the future, soonest first', async () => {
    vi.mocked(listSessionsPage).mockResolvedValue([appointment({})]);
    vi.mocked(countSessionsByStatus).mockResolvedValue(counts({ scheduled: 1 }));
    const user = userEvent.setup();
    const before = Date.now() - 60_000;
    renderSessions();
    await screen.findByText(/Showing 1–1/);
    const when = screen.getByRole('group', { name: 'When' });
    expect(within(when).getByRole('button', { name: 'Past' })).toHaveAttribute('aria-pressed', 'true');
    const boundary = (query: string) => Date.parse((JSON.parse(query) as { values: string[] }).values[0]!);
    const pastBound = boundary(lastPageCall()[1].at(-1)!);
    expect(pastBound).toBeGreaterThanOrEqual(before);
    expect(pastBound).toBeLessThanOrEqual(Date.now());

    await user.click(within(when).getByRole('button', { name: 'Upcoming' }));
    expect(path()).toBe('/dashboard/sessions?when=upcoming');
    await waitFor(() => expect(lastPageCall()[2]).toBe('asc'));
    expect(lastPageCall()[1].at(-1)).toBe(Query.greaterThanEqual('start', new Date(pastBound).toISOString()));
    expect(vi.mocked(countSessionsByStatus).mock.calls.at(-1)![0].at(-1)).toBe(Query.greaterThanEqual('start', new Date(pastBound).toISOString()));

    await user.click(screen.getByText('Date').closest('button')!);
    expect(path()).toBe('/dashboard/sessions?when=upcoming&order=desc');
    await waitFor(() => expect(lastPageCall()[2]).toBe('desc'));

    await user.click(within(when).getByRole('button', { name: 'Past and upcoming' }));
    expect(path()).toBe('/dashboard/sessions?when=all');
    await waitFor(() => expect(lastPageCall()[1]).toEqual([Query.equal('userId', THERAPIST)]));
    expect(lastPageCall()[2]).toBe('desc');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(path()).toBe('/dashboard/sessions');
  });

  it('pages on the server: past Appwrite’s count cap it says 5,000+ and still offers the next page; the date order flips', async () => {
    vi.mocked(listSessionsPage).mockImplementation(async () => Array.from({ length: SESSIONS_PAGE_SIZE }, () => appointment({})));
    vi.mocked(countSessionsByStatus).mockResolvedValue(counts({ show: 5000, scheduled: 300 }));
    const user = userEvent.setup();
    renderSessions('/dashboard/sessions?page=101');
    expect(await screen.findByText('Showing 5,001–5,050 of 5,300+ sessions')).toBeVisible();
    expect(table().querySelectorAll('tbody tr')).toHaveLength(SESSIONS_PAGE_SIZE);
    expect(lastPageCall()[3]).toBe(101);

    // (queries by role over 300 buttons are slow in jsdom: look inside the page navigation only)
    await user.click(within(screen.getByRole('navigation', { name: 'Sessions pages' })).getByRole('button', { name: 'Next' }));
    expect(path()).toBe('/dashboard/sessions?page=102');
    await waitFor(() => expect(lastPageCall()[3]).toBe(102));

    await user.click(screen.getByText('Date').closest('button')!);
    expect(path()).toBe('/dashboard/sessions?order=asc');
    await waitFor(() => expect(lastPageCall()).toEqual([THERAPIST, expect.any(Array), 'asc', 1]));
  });

  it('an empty practice says so and points to the schedule', async () => {
    vi.mocked(listSessionsPage).mockResolvedValue([]);
    vi.mocked(countSessionsByStatus).mockResolvedValue(counts({}));
    renderSessions();
    expect(await screen.findByText('No past sessions yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the schedule' })).toHaveAttribute('href', '/dashboard/schedule');
    // The empty state's own way to the future, beside the filter's.
    const upcoming = screen.getAllByRole('button', { name: 'Upcoming' });
    expect(upcoming).toHaveLength(2);
    await userEvent.click(upcoming[1]!);
    expect(path()).toBe('/dashboard/sessions?when=upcoming');
  });

  it('downloads the whole filter as CSV on the practice clock, formulas defused, no client name in the file name', async () => {
    const rows = [appointment({ status: 'no_show', feeAmount: 5000 }), appointment({ clientId: evil.$id, start: '2026-07-01T14:30:00.000Z', feeAmount: 9000, status: 'show' })];
    vi.mocked(listSessionsPage).mockResolvedValue(rows);
    vi.mocked(countSessionsByStatus).mockResolvedValue(counts({ no_show: 1, show: 1 }));
    vi.mocked(listAllSessions).mockImplementation(async (_user, _filter, _order, onProgress) => {
      onProgress?.(2);
      return rows;
    });
    let saved: Blob | null = null;
    let fileName = '';
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:sessions';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    const user = userEvent.setup();
    renderSessions('/dashboard/sessions?service=svc1');
    await screen.findByText(/Showing 1–2/);

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(vi.mocked(listAllSessions).mock.calls[0]![1]).toContain(Query.equal('serviceId', 'svc1'));
    expect(fileName).toMatch(/^sessions-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved!);
    });
    expect(text.replace(/^\ufeff/, '').split('\r\n')).toEqual([
      'Client,Date,Time,Time zone,Service,Status,Fee,Currency,Fee waived',
      'Jane Doe,2026-03-03,10:00,America/Chicago,Psychotherapy 45,No show,50.00,USD,',
      `"'=HYPERLINK(""http://x"") Smith",2026-07-01,09:30,America/Chicago,Psychotherapy 45,Show,90.00,USD,`,
      '',
    ]);
  });
});
