// Account → Security log (issue 17): the therapist's audit log, newest first, 25 a page from the
// server, filtered by action and date; Download CSV of what the filter shows; Verify log recomputes
// the whole hash chain here in the browser and says so, or where the first break is.
import { saveFile, useAuthStore } from '@cadence/shared-auth';
import { useQuery } from '@cadence/shared-auth/query';
import { Alert, Button, DateInput, EmptyState, Select, Skeleton } from '@cadence/shared-ui';
import { Pagination, Table, type TableColumn } from '@cadence/shared-ui/bundled';
import { useState } from 'react';
import { verdictText, verifyChain } from './audit-chain.ts';
import { allAuditEntries, listAuditPage } from './security-log-api.ts';
import { recordNames } from './record-names.ts';
import {
  ACTION_FILTERS, actionLabel, actorLabel, deviceLabel, entityLabel, filterError, formatTime, NO_FILTER, PAGE_SIZE, toCsv,
  type AuditEntry, type LogFilter,
} from './security-log-rules.ts';

type Verification = { state: 'idle' } | { state: 'running'; loaded: number } | { state: 'done'; ok: boolean; text: string } | { state: 'failed' };

function downloadCsv(text: string, name: string): void {
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
}

export function SecurityLogSection() {
  const userId = useAuthStore((state) => state.user?.$id ?? '');
  const [filter, setFilter] = useState<LogFilter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [verification, setVerification] = useState<Verification>({ state: 'idle' });
  const [exporting, setExporting] = useState<number | null>(null);
  const [exportFailed, setExportFailed] = useState(false);
  const invalid = filterError(filter);

  const query = useQuery({
    queryKey: ['audit-log', userId, filter, page],
    queryFn: () => listAuditPage(userId, filter, page),
    enabled: !!userId && !invalid,
    // The page shown stays while the next one loads (TanStack's keepPreviousData).
    placeholderData: (previous) => previous,
    meta: { failure: 'Loading the security log failed' },
  });

  // The page's records by name; until they are read (or when one can't be), its kind and id.
  const pageEntries = query.data?.entries ?? [];
  const names = useQuery({
    queryKey: ['audit-log-names', userId, pageEntries.map((e) => e.$id)],
    queryFn: () => recordNames(pageEntries, userId),
    enabled: !!userId && pageEntries.length > 0,
    meta: { failure: 'Naming the security log’s records failed' },
  });

  const change = (next: Partial<LogFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPage(1);
  };

  async function verify() {
    setVerification({ state: 'running', loaded: 0 });
    try {
      const chain = await allAuditEntries(userId, NO_FILTER, 'asc', (loaded) => setVerification({ state: 'running', loaded }));
      const verdict = await verifyChain(chain);
      setVerification({ state: 'done', ok: verdict.ok, text: verdictText(verdict) });
    } catch (error) {
      console.error('Verify log failed', error);
      setVerification({ state: 'failed' });
    }
  }

  async function exportCsv() {
    setExporting(0);
    setExportFailed(false);
    try {
      const entries = await allAuditEntries(userId, filter, 'desc', setExporting);
      downloadCsv(toCsv(entries, userId), `cadence-security-log-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      console.error('Security log CSV failed', error);
      setExportFailed(true);
    } finally {
      setExporting(null);
    }
  }

  const columns: TableColumn<AuditEntry>[] = [
    { key: 'at', header: 'Time', cell: (e) => <time dateTime={e.at}>{formatTime(e.at)}</time>, rowHeader: true },
    { key: 'action', header: 'Action', cell: (e) => actionLabel(e.action) },
    {
      key: 'entity',
      header: 'Record',
      cell: (e) => {
        const name = names.data?.get(e.$id);
        return <span className="account-break">{name ? `${entityLabel(e.entityType)}: ${name}` : `${entityLabel(e.entityType)}${e.entityId ? ` ${e.entityId}` : ''}`}</span>;
      },
    },
    { key: 'actor', header: 'By', cell: (e) => actorLabel(e, userId) },
    { key: 'ip', header: 'IP address', cell: (e) => e.ip || '—' },
    { key: 'ua', header: 'Device', cell: (e) => <span className="account-break" title={e.userAgent || undefined}>{deviceLabel(e.userAgent)}</span> },
    { key: 'seq', header: '#', cell: (e) => e.seq, align: 'end' },
  ];

  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className="account-stack">
      <p className="account-text account-muted">
        Every sign-in, sign-out, password and two-step change, and every change to your clients, services,
        appointments and practice settings — when, by whom, from which address and device, never what the record says.
        Records are named here from your own data as it is now; the log itself and its CSV keep only their ids.
        Nobody can change or delete an entry; each one carries the hash of the one before it.
      </p>
      <div className="account-row security-log__filters" role="group" aria-label="Filter the security log">
        <Select label="Action" value={filter.action} placeholder="All actions" options={ACTION_FILTERS} onChange={(e) => change({ action: e.target.value })} />
        <DateInput label="From" value={filter.from} max={filter.to || undefined} onChange={(e) => change({ from: e.target.value })} />
        <DateInput label="To" value={filter.to} min={filter.from || undefined} onChange={(e) => change({ to: e.target.value })} error={invalid ?? undefined} />
        {(filter.action || filter.from || filter.to) && <Button variant="quiet" onClick={() => change(NO_FILTER)}>Clear filters</Button>}
      </div>
      <div className="account-row">
        <Button disabled={exporting !== null || !!invalid} onClick={() => void exportCsv()}>
          {exporting !== null ? `Preparing CSV… ${exporting} entries` : 'Download CSV'}
        </Button>
        <Button variant="primary" disabled={verification.state === 'running'} onClick={() => void verify()}>
          {verification.state === 'running' ? `Verifying… ${verification.loaded} entries` : 'Verify log'}
        </Button>
      </div>
      <div aria-live="polite" className="account-stack">
        {verification.state === 'done' && <Alert tone={verification.ok ? 'success' : 'error'} title={verification.ok ? 'Log verified' : 'Log broken'}>{verification.text}</Alert>}
        {verification.state === 'failed' && <Alert tone="error">The log could not be read to verify it. Check your connection and try again.</Alert>}
        {exportFailed && <Alert tone="error">The CSV could not be prepared. Check your connection and try again.</Alert>}
      </div>
      {query.isPending && !invalid ? (
        <Skeleton label="Loading the security log..." lines={5} />
      ) : query.isError ? (
        <Alert tone="error" action={<Button size="sm" onClick={() => void query.refetch()}>Retry</Button>}>The security log could not be loaded.</Alert>
      ) : (
        <>
          <Table
            caption={`Security log — ${total} ${total === 1 ? 'entry' : 'entries'}${filter.action || filter.from || filter.to ? ' matching the filters' : ''}, newest first`}
            columns={columns}
            rows={query.data?.entries ?? []}
            rowKey={(e) => e.$id}
            empty={<EmptyState title="No entries">{filter.action || filter.from || filter.to ? 'Nothing matches these filters.' : 'Nothing has been recorded yet.'}</EmptyState>}
          />
          <Pagination label="Security log pages" page={page} pageCount={pageCount} onPageChange={setPage} />
        </>
      )}
    </div>
  );
}
