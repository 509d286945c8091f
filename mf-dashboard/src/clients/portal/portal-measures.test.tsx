// A client's Portal tab, measures (issue 31): send once or schedule, stop a schedule, what was sent,
// and the scores as a chart on the bands and a table with item 9. The Appwrite calls are replaced at
// the api modules; the functions themselves are tested in backend/test/measure*.test.ts.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { acknowledgeAlert, listMeasureRequests, listMeasureResponses, listMeasureSchedules, listOpenAlerts, scheduleMeasure, sendMeasure } from './measures-api.ts';
import { listPortalPeople } from './portal-access-api.ts';
import { MeasureAlerts } from './measure-alerts.tsx';
import { MeasureAlertsBadge } from './measure-alerts-badge.tsx';
import { PortalMeasures } from './portal-measures.tsx';
import type { ClientDocument } from '../api/client-document.ts';

vi.mock('./measures-api.ts', () => ({
  sendMeasure: vi.fn(), scheduleMeasure: vi.fn(), acknowledgeAlert: vi.fn(),
  listMeasureRequests: vi.fn(), listMeasureResponses: vi.fn(), listMeasureSchedules: vi.fn(), listOpenAlerts: vi.fn(),
}));
vi.mock('./portal-access-api.ts', async (original) => ({ ...(await original<typeof import('./portal-access-api.ts')>()), getPortalAccess: vi.fn(), listPortalPeople: vi.fn() }));

const phq = (id: string, day: number, total: number, severity: string, q9: number) => ({
  id, clientId: 'jane1', instrument: 'phq-9' as const, total, severity, safetyAlert: q9 > 0, submittedAt: `2026-11-${String(day).padStart(2, '0')}T15:00:00.000Z`, answers: { q9 },
});

function renderTab() {
  useAuthStore.setState({ user: { $id: 'therapist1', name: 'Dana' } as AuthUser, status: 'signedIn' });
  render(<QueryProvider><PortalMeasures clientId="jane1" timeZone="America/New_York" /></QueryProvider>);
}

beforeEach(() => {
  vi.resetAllMocks();
  queryClient.clear();
  vi.mocked(listPortalPeople).mockResolvedValue([{ accessId: 'jane1', role: 'client', name: null, email: 'jane@example.com', status: 'active', invitedAt: '2026-11-01T15:00:00.000Z', activatedAt: null }]);
  vi.mocked(listMeasureRequests).mockResolvedValue([
    { id: 'r3', clientId: 'jane1', instrument: 'gad-7', status: 'sent', sentAt: '2026-11-20T15:00:00.000Z', dueAt: '2026-11-23T15:00:00.000Z', submittedAt: null, alertOpen: false },
    { id: 'r4', clientId: 'jane1', instrument: 'phq-9', status: 'withdrawn', sentAt: '2026-11-18T15:00:00.000Z', dueAt: '2026-11-21T15:00:00.000Z', submittedAt: null, alertOpen: false },
  ]);
  vi.mocked(listMeasureResponses).mockResolvedValue([phq('r1', 2, 4, 'minimal', 0), phq('r2', 16, 10, 'moderate', 2)]);
  vi.mocked(listMeasureSchedules).mockResolvedValue([{ instrument: 'gad-7', cadence: 'every_other' }]);
  vi.mocked(sendMeasure).mockResolvedValue();
  vi.mocked(scheduleMeasure).mockResolvedValue();
});

describe('PortalMeasures (issue 31)', () => {
  it('sends once, schedules before every appointment, and stops a schedule', async () => {
    const user = userEvent.setup();
    renderTab();
    const questionnaire = await screen.findByRole('combobox', { name: 'Questionnaire' });
    await user.selectOptions(questionnaire, 'PHQ-9');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sendMeasure).toHaveBeenCalledWith('jane1', 'phq-9', 'client');
    expect(await screen.findByText('Sent. The client finds it in their portal.')).toBeInTheDocument();

    await user.selectOptions(questionnaire, 'PHQ-9');
    await user.selectOptions(screen.getByRole('combobox', { name: /When/ }), 'Before every appointment');
    expect(screen.getByRole('combobox', { name: /When/ })).toHaveAccessibleDescription(/due 48 hours before it/);
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(scheduleMeasure).toHaveBeenCalledWith('jane1', 'phq-9', 'every');

    const schedules = await screen.findByRole('list', { name: 'Schedules' });
    expect(schedules).toHaveTextContent('GAD-7: Before every other appointment');
    await user.click(within(schedules).getByRole('button', { name: 'Stop: GAD-7' }));
    expect(scheduleMeasure).toHaveBeenLastCalledWith('jane1', 'gad-7', 'none');
    const sent = await screen.findByRole('list', { name: 'Sent' });
    expect(sent).toHaveTextContent(/GAD-7.*Waiting.*Sent Fri, Nov 20, 2026, due Mon, Nov 23, 2026/);
    // A request whose appointment was cancelled stays listed, named as withdrawn (never "Waiting").
    expect(within(sent).getAllByRole('listitem')[1]).toHaveTextContent(/PHQ-9.*Withdrawn.*Sent Wed, Nov 18, 2026; its appointment was cancelled/);
  });

  it('shows the scores as a chart on the bands and a table, newest first, with item 9', async () => {
    renderTab();
    const chart = await screen.findByRole('img', { name: /PHQ-9 totals over time\. Latest: 10 of 27, Moderate\./ });
    expect(chart.querySelectorAll('rect')).toHaveLength(5);
    expect(chart.querySelectorAll('circle')).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'PHQ-9 severity bands' })).toHaveTextContent('Moderately severe 15–19');
    const table = screen.getByRole('table', { name: 'PHQ-9 scores' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['10 of 27', 'Moderate', 'More than half the days (2) — alert'],
      ['4 of 27', 'Minimal', 'Not at all (0)'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Mon, Nov 16, 2026');
  });
});

describe('the item-9 alert on Today and the nav', () => {
  it('names the client, links to the response, and leaves once acknowledged', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({ user: { $id: 'therapist1', name: 'Dana' } as AuthUser, status: 'signedIn' });
    const open = { id: 'r2', clientId: 'jane1', instrument: 'phq-9' as const, status: 'submitted' as const, sentAt: '2026-11-15T15:00:00.000Z', dueAt: null, submittedAt: '2026-11-16T15:00:00.000Z', alertOpen: true };
    vi.mocked(listOpenAlerts).mockResolvedValueOnce([open]).mockResolvedValue([]);
    vi.mocked(acknowledgeAlert).mockResolvedValue();
    const jane = { $id: 'jane1', firstName: 'Jane', lastName: 'Doe', preferredName: null } as unknown as ClientDocument;
    render(<MemoryRouter><QueryProvider><MeasureAlertsBadge /><MeasureAlerts clients={[jane]} timeZone="America/New_York" /></QueryProvider></MemoryRouter>);
    const section = await screen.findByRole('region', { name: 'Needs your attention' });
    expect(section).toHaveTextContent('Jane Doe answered item 9 (thoughts of self-harm) above 0 on a PHQ-9.');
    expect(within(section).getByRole('link', { name: 'Open Jane Doe’s answers' })).toHaveAttribute('href', '/dashboard/clients/jane1?tab=portal#measure-r2');
    expect(screen.getByText('alert to acknowledge', { exact: false })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Acknowledge: Jane Doe' }));
    expect(acknowledgeAlert).toHaveBeenCalledWith('r2');
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Needs your attention' })).toBeNull());
    expect(screen.queryByText('alert to acknowledge', { exact: false })).toBeNull();
  });
});
