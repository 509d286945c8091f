// Account → Security log (issue 17): the page from the server with its labels, filters sent as
// queries, paging, Verify log over the whole chain (intact and tampered), the CSV (formula-escaped).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canonicalEntry, GENESIS_HASH, sha256Hex } from './audit-chain.ts';
import type { AuditEntry, LogFilter } from './security-log-rules.ts';

const listAuditPage = vi.fn<(userId: string, filter: LogFilter, page: number) => Promise<{ total: number; entries: AuditEntry[] }>>();
const allAuditEntries = vi.fn<(userId: string, filter: LogFilter, order: 'asc' | 'desc') => Promise<AuditEntry[]>>();
vi.mock('./security-log-api.ts', () => ({
  listAuditPage: (...args: Parameters<typeof listAuditPage>) => listAuditPage(...args),
  allAuditEntries: (...args: Parameters<typeof allAuditEntries>) => allAuditEntries(...args),
}));
vi.mock('./record-names.ts', () => ({ recordNames: async (page: AuditEntry[]) => new Map(page.filter((e) => e.entityId === 'c1').map((e) => [e.$id, 'Jane (Janie) Doe'])) }));
const { useAuthStore } = await import('@cadence/shared-auth');
const { QueryProvider } = await import('@cadence/shared-auth/query');
const { SecurityLogSection } = await import('./security-log-section.tsx');

async function chain(): Promise<AuditEntry[]> {
  const specs: Array<Partial<AuditEntry>> = [
    { action: 'session.create', entityType: 'session', entityId: 's1', actorId: 'u1', userAgent: 'Chrome 131 on Mac' },
    { action: 'client.update', entityType: 'client', entityId: 'c1', actorId: 'u1', userAgent: '=HYPERLINK("http://evil")' },
    { action: 'appointment.create', entityType: 'appointment', entityId: 'a1', actorId: '', userAgent: '' },
  ];
  const out: AuditEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (const [i, spec] of specs.entries()) {
    const fields = { userId: 'u1', seq: i + 1, at: `2026-11-2${i}T10:00:00.000+00:00`, ip: '203.0.113.7', prevHash, action: '', entityType: '', ...spec };
    const hash = await sha256Hex(canonicalEntry(fields));
    out.push({ ...fields, $id: `e${i + 1}`, hash } as AuditEntry);
    prevHash = hash;
  }
  return out;
}

let entries: AuditEntry[];
beforeEach(async () => {
  entries = await chain();
  useAuthStore.setState({ user: { $id: 'u1' } as never });
  listAuditPage.mockReset();
  allAuditEntries.mockReset();
  listAuditPage.mockImplementation(async () => ({ total: 60, entries: [...entries].reverse() }));
  allAuditEntries.mockImplementation(async (_u, _f, order) => (order === 'asc' ? entries : [...entries].reverse()));
});
afterEach(() => vi.restoreAllMocks());

const renderSection = () => render(<QueryProvider><SecurityLogSection /></QueryProvider>);

describe('Security log', () => {
  it('shows the page newest first with readable actions, who did it, IP and device', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: /Security log — 60 entries, newest first/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['Appointment created', 'Client updated', 'Signed in']);
    expect(within(rows[0]!).getByText('Cadence (automatic)')).toBeVisible();
    expect(within(rows[2]!).getByText('You')).toBeVisible();
    expect(within(rows[2]!).getByText('Chrome 131 on Mac')).toBeVisible();
    // The client is named as the therapist knows them; a record not named (the appointment) keeps its kind and id.
    expect(await within(rows[1]!).findByText('Client: Jane (Janie) Doe')).toBeVisible();
    expect(within(rows[0]!).getByText('Appointment a1')).toBeVisible();
    expect(listAuditPage).toHaveBeenLastCalledWith('u1', { action: '', from: '', to: '' }, 1);
  });

  it('filters by action and dates on the server and pages', async () => {
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Signed in');
    await waitFor(() => expect(listAuditPage).toHaveBeenLastCalledWith('u1', { action: 'session.create', from: '', to: '' }, 1));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(listAuditPage).toHaveBeenLastCalledWith('u1', { action: 'session.create', from: '2026-11-01', to: '' }, 1));
    await user.click(within(screen.getByRole('navigation', { name: 'Security log pages' })).getByRole('button', { name: /2/ }));
    await waitFor(() => expect(listAuditPage).toHaveBeenLastCalledWith('u1', expect.objectContaining({ action: 'session.create' }), 2));
  });

  it('Verify log says every entry is verified, or where the first break is', async () => {
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Verify log' }));
    expect(await screen.findByText('All 3 entries verified.')).toBeVisible();
    expect(allAuditEntries).toHaveBeenCalledWith('u1', { action: '', from: '', to: '' }, 'asc', expect.any(Function));

    entries[1] = { ...entries[1]!, ip: '198.51.100.9' };
    await user.click(screen.getByRole('button', { name: 'Verify log' }));
    expect(await screen.findByText(/The log is broken at entry #2 .*contents do not match its hash/)).toBeVisible();
  });

  it('Download CSV writes the filtered log with formulas defused', async () => {
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:log');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(createObjectURL.mock.calls[0]![0]);
    });
    const lines = text.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Seq,Time (UTC),Action,Record type,Record ID,By,IP address,User agent,Previous hash,Hash');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toMatch(/^3,2026-11-22T10:00:00.000\+00:00,Appointment created,Appointment,a1,Cadence \(automatic\)/);
  });
});
