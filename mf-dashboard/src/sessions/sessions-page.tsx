import { useMemo, useState } from 'react';
import { Link } from '@cadence/shared-router';
import { Button, buttonClassName, DateInput, EmptyState, PageHeader, Select, Skeleton } from '@cadence/shared-ui';
import { Combobox, Pagination, Table, type TableColumn } from '@cadence/shared-ui/bundled';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { clientPath } from '../clients/client-paths.ts';
import { useClients } from '../clients/client-queries.ts';
import { clientDisplayName } from '../clients/client-schema.ts';
import type { ServiceDocument } from '../practice/api/service-document.ts';
import type { PracticeSettings } from '../practice/practice-settings.ts';
import { usePracticeSettings, useServices } from '../practice/practice-queries.ts';
import { serviceLabel } from '../practice/services.ts';
import { APPOINTMENT_STATUS_LABELS, APPOINTMENT_STATUSES, NOTE_STATES, type AppointmentDocument, type NoteState } from '../schedule/appointment.ts';
import { NO_CHARGE_TEXTS } from '../schedule/no-charge.ts';
import { StatusMenu } from '../schedule/status-menu.tsx';
import { UnchargedToggle } from './no-charge/uncharged-toggle.tsx';
import { NoteLink } from './notes/note-link.tsx';
import { DownloadCsvButton } from '../shared/download-csv-button.tsx';
import { LoadError } from '../shared/load-error.tsx';
import { formatMoney } from '@cadence/shared-auth/money';
import { browserTimeZone } from '../shared/time-zone.ts';
import { practiceZoneLabel } from '../shared/zone-label.ts';
import { useFilterParams } from '../shared/use-filter-params.ts';
import { listAllSessions } from './api/list-sessions.ts';
import {
  countText,
  countTotal,
  defaultOrder,
  FILTER_PARAMS,
  filterFromParams,
  filterQueries,
  isFiltering,
  pageCount,
  SESSIONS_CSV_HEADER,
  SESSIONS_PAGE_SIZE,
  SESSION_TIMES,
  sessionCsvRow,
  type SessionFilter,
  type SessionTime,
} from './session-filter.ts';
import { SessionWhen, sessionWhen } from './session-when.tsx';
import { useSessionCounts, useSessionsPage } from './sessions-queries.ts';
import { useUserId } from '../shared/use-user-id.ts';
import './sessions.css';

export const SESSIONS_TEXTS = {
  title: 'All Sessions',
  description: 'Your sessions, newest first: filter them, set their status, download them.',
  filtersLabel: 'Filter sessions',
  when: 'When',
  whenLabels: { past: 'Past', upcoming: 'Upcoming', all: 'Past and upcoming' } satisfies Record<SessionTime, string>,
  client: 'Client',
  anyClient: 'Any client',
  service: 'Service',
  anyService: 'Any service',
  note: 'Note',
  anyNote: 'Any note state',
  from: 'From',
  to: 'To',
  statusFilter: 'Status',
  allStatuses: 'All',
  clearFilters: 'Clear filters',
  caption: 'Sessions',
  loading: 'Loading sessions',
  loadFailed: 'Loading sessions failed',
  none: 'No past sessions yet',
  noneText: 'Sessions are listed here once their time has come, newest first; upcoming ones are under Upcoming.',
  openSchedule: 'Open the schedule',
  noMatch: 'No sessions match',
  noMatchText: 'Try another client, status, service or dates.',
  download: 'Download CSV',
  preparing: (count: number) => `Preparing the CSV… ${countText(count, false)} rows`,
  downloadFailed: 'The CSV could not be prepared',
  pages: 'Sessions pages',
  unknownClient: 'Unknown client',
  unknownService: 'Unknown service',
  shown: (first: number, last: number, total: string) => (last === 0 ? 'No sessions' : `Showing ${countText(first, false)}–${countText(last, false)} of ${total} sessions`),
  feeWaived: 'Waived',
  rowStatus: (client: string, when: string) => `Status of ${client}, ${when}`,
} as const;

const NOTE_LABELS: Record<NoteState, string> = { none: 'No note', draft: 'Draft', signed: 'Signed' };

interface Lookup {
  clients: ReadonlyMap<string, ClientDocument>;
  services: ReadonlyMap<string, ServiceDocument>;
  settings: PracticeSettings | null;
  timeZone: string;
}

/** /dashboard/sessions: every appointment, paged on the server, filtered from the address. */
export function SessionsPage() {
  const settings = usePracticeSettings();
  const clients = useClients();
  const services = useServices({ includeArchived: true });
  const loading = settings.isPending || clients.isPending || services.isPending;
  const failed = settings.isError ? settings : clients.isError ? clients : services.isError ? services : null;

  return (
    <div className="sessions-page">
      {loading ? (
        <>
          <PageHeader title={SESSIONS_TEXTS.title} description={SESSIONS_TEXTS.description} />
          <Skeleton label={SESSIONS_TEXTS.loading} lines={8} />
        </>
      ) : failed ? (
        <>
          <PageHeader title={SESSIONS_TEXTS.title} description={SESSIONS_TEXTS.description} />
          <LoadError what={SESSIONS_TEXTS.loadFailed} onRetry={() => void failed.refetch()} />
        </>
      ) : (
        <SessionList clients={clients.data ?? []} services={services.data ?? []} settings={settings.data ?? null} />
      )}
    </div>
  );
}

function SessionList({ clients, services, settings }: { clients: readonly ClientDocument[]; services: readonly ServiceDocument[]; settings: PracticeSettings | null }) {
  const userId = useUserId();
  const [params, update] = useFilterParams<SessionFilter>(FILTER_PARAMS);
  const { page, ...filter } = filterFromParams(params);
  const timeZone = settings?.timeZone ?? browserTimeZone();
  const lookup = useMemo<Lookup>(
    () => ({ clients: new Map(clients.map((client) => [client.$id, client])), services: new Map(services.map((service) => [service.$id, service])), settings, timeZone }),
    [clients, services, settings, timeZone],
  );

  // Past and upcoming split at the minute the page opened, so the queries' keys hold still.
  const [now] = useState(() => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString());
  const { when, clientId, status, serviceId, from, to, noteState, charge, order } = filter;
  // New arrays each render are fine: the query cache compares keys by their contents.
  const withoutStatus = filterQueries(userId, { when, clientId, status: '', serviceId, from, to, noteState, charge }, timeZone, now);
  const queries = filterQueries(userId, { when, clientId, status, serviceId, from, to, noteState, charge }, timeZone, now);
  const unchargedCount = filterQueries(userId, { when, clientId, status: '', serviceId, from, to, noteState, charge: 'none' }, timeZone, now);
  const counts = useSessionCounts(withoutStatus);
  const rows = useSessionsPage(queries, order, page);

  const clearFilters = () => update({ when: '', clientId: '', status: '', serviceId: '', from: '', to: '', noteState: '', charge: '', order: '' });
  // Each view opens in its own order (the past newest first, the future soonest first).
  const showWhen = (next: SessionTime) => update({ when: next === 'past' ? '' : next, order: '' });

  const clientOptions = useMemo(
    () => [...clients].sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName)).map((client) => ({ value: client.$id, label: clientDisplayName(client) })),
    [clients],
  );
  // Code and length beside the name: two services of one name are told apart (issue 37).
  const serviceOptions = useMemo(() => services.map((service) => ({ value: service.$id, label: service.archived ? `${serviceLabel(service)} — archived` : serviceLabel(service) })), [services]);
  const zoneNotice = practiceZoneLabel(timeZone);
  const filtering = isFiltering(filter);

  const total = counts.data ? countTotal(counts.data, status) : null;
  const shownRows = rows.data ?? [];
  const pages = total ? pageCount(total.total, total.atLeast, page, shownRows.length) : page;
  const first = (page - 1) * SESSIONS_PAGE_SIZE + 1;

  return (
    <>
      <PageHeader title={SESSIONS_TEXTS.title} description={SESSIONS_TEXTS.description} actions={<DownloadCsv queries={queries} order={order} lookup={lookup} />} />
      <div className="sessions-filters" role="search" aria-label={SESSIONS_TEXTS.filtersLabel}>
        <div role="group" aria-label={SESSIONS_TEXTS.when} className="sessions-statuses">
          {SESSION_TIMES.map((each) => (
            <Button key={each} size="sm" variant={when === each ? 'primary' : 'secondary'} aria-pressed={when === each} onClick={() => showWhen(each)}>
              {SESSIONS_TEXTS.whenLabels[each]}
            </Button>
          ))}
        </div>
        <Combobox label={SESSIONS_TEXTS.client} placeholder={SESSIONS_TEXTS.anyClient} options={clientOptions} value={clientId || null} onChange={(value) => update({ clientId: value ?? '' })} />
        <Select label={SESSIONS_TEXTS.service} placeholder={SESSIONS_TEXTS.anyService} options={serviceOptions} value={serviceId} onChange={(event) => update({ serviceId: event.target.value })} />
        <Select
          label={SESSIONS_TEXTS.note}
          placeholder={SESSIONS_TEXTS.anyNote}
          options={NOTE_STATES.map((state) => ({ value: state, label: NOTE_LABELS[state] }))}
          value={noteState}
          onChange={(event) => update({ noteState: event.target.value })}
        />
        <DateInput label={SESSIONS_TEXTS.from} value={from} max={to || undefined} onChange={(event) => update({ from: event.target.value })} />
        <DateInput label={SESSIONS_TEXTS.to} value={to} min={from || undefined} onChange={(event) => update({ to: event.target.value })} />
        <div role="group" aria-label={SESSIONS_TEXTS.statusFilter} className="sessions-statuses">
          <Button size="sm" variant={status === '' ? 'primary' : 'secondary'} aria-pressed={status === ''} onClick={() => update({ status: '' })}>
            {SESSIONS_TEXTS.allStatuses}
            {counts.data && ' '}
            {counts.data && <span className="sessions-count">{countText(countTotal(counts.data, '').total, countTotal(counts.data, '').atLeast)}</span>}
          </Button>
          {APPOINTMENT_STATUSES.map((each) => (
            <Button key={each} size="sm" variant={status === each ? 'primary' : 'secondary'} aria-pressed={status === each} onClick={() => update({ status: each })}>
              {APPOINTMENT_STATUS_LABELS[each]}
              {counts.data && ' '}
              {counts.data && <span className="sessions-count">{countText(counts.data[each])}</span>}
            </Button>
          ))}
          <UnchargedToggle active={charge === 'none'} countQueries={unchargedCount} onChange={(active) => update({ charge: active ? 'none' : '' })} />
        </div>
        {filtering && (
          <Button className="sessions-clear" onClick={clearFilters}>
            {SESSIONS_TEXTS.clearFilters}
          </Button>
        )}
      </div>
      {zoneNotice && <p className="sessions-muted">{zoneNotice}</p>}
      {counts.isError && <LoadError what="Counting sessions failed" onRetry={() => void counts.refetch()} />}
      {rows.isPending ? (
        <Skeleton label={SESSIONS_TEXTS.loading} lines={8} />
      ) : rows.isError ? (
        <LoadError what={SESSIONS_TEXTS.loadFailed} onRetry={() => void rows.refetch()} />
      ) : (
        <>
          <p role="status" className="sessions-muted">
            {total ? SESSIONS_TEXTS.shown(shownRows.length ? first : 0, shownRows.length ? first + shownRows.length - 1 : 0, countText(total.total, total.atLeast)) : ''}
          </p>
          <Table
            caption={SESSIONS_TEXTS.caption}
            hideCaption
            className="sessions-table"
            columns={columns(lookup)}
            rows={shownRows}
            rowKey={(appointment) => appointment.$id}
            sort={{ key: 'date', direction: order === 'asc' ? 'ascending' : 'descending' }}
            onSortChange={(next) => {
              const chosen = next.direction === 'ascending' ? 'asc' : 'desc';
              update({ order: chosen === defaultOrder(when) ? '' : chosen });
            }}
            empty={
              filtering || page > 1 ? (
                <EmptyState icon="empty" title={SESSIONS_TEXTS.noMatch} action={filtering && <Button onClick={clearFilters}>{SESSIONS_TEXTS.clearFilters}</Button>}>
                  {SESSIONS_TEXTS.noMatchText}
                </EmptyState>
              ) : (
                <EmptyState
                  icon="sessions"
                  title={SESSIONS_TEXTS.none}
                  action={
                    <>
                      <Button onClick={() => showWhen('upcoming')}>{SESSIONS_TEXTS.whenLabels.upcoming}</Button>
                      <Link className={buttonClassName('primary')} to="/dashboard/schedule">
                        {SESSIONS_TEXTS.openSchedule}
                      </Link>
                    </>
                  }
                >
                  {SESSIONS_TEXTS.noneText}
                </EmptyState>
              )
            }
          />
          <Pagination page={page} pageCount={pages} label={SESSIONS_TEXTS.pages} onPageChange={(next) => update({ page: next > 1 ? String(next) : '' })} />
        </>
      )}
    </>
  );
}

const clientName = (lookup: Lookup, appointment: AppointmentDocument) => {
  const client = lookup.clients.get(appointment.clientId);
  return client ? clientDisplayName(client) : SESSIONS_TEXTS.unknownClient;
};

const serviceName = (lookup: Lookup, appointment: AppointmentDocument) => lookup.services.get(appointment.serviceId)?.name ?? SESSIONS_TEXTS.unknownService;

function columns(lookup: Lookup): TableColumn<AppointmentDocument>[] {
  return [
    { key: 'date', header: 'Date', sortable: true, cell: (appointment) => <SessionWhen appointment={appointment} timeZone={lookup.timeZone} /> },
    {
      key: 'client',
      header: 'Client',
      rowHeader: true,
      cell: (appointment) => (lookup.clients.has(appointment.clientId) ? <Link to={clientPath(appointment.clientId)}>{clientName(lookup, appointment)}</Link> : clientName(lookup, appointment)),
    },
    { key: 'service', header: 'Service', cell: (appointment) => serviceName(lookup, appointment) },
    {
      key: 'note',
      header: 'Note',
      cell: (appointment) => {
        const at = sessionWhen(appointment, lookup.timeZone);
        return <NoteLink appointment={appointment} context={`${clientName(lookup, appointment)}, ${at.fullDate}, ${at.time}`} />;
      },
    },
    {
      key: 'status',
      header: 'Status',
      cell: (appointment) => {
        const at = sessionWhen(appointment, lookup.timeZone);
        return (
          <StatusMenu
            compact
            appointment={appointment}
            client={lookup.clients.get(appointment.clientId)}
            service={lookup.services.get(appointment.serviceId)}
            settings={lookup.settings}
            label={SESSIONS_TEXTS.rowStatus(clientName(lookup, appointment), `${at.fullDate}, ${at.time}`)}
          />
        );
      },
    },
    {
      key: 'fee',
      header: 'Fee',
      align: 'end',
      cell: (appointment) =>
        appointment.status === 'show' && appointment.noChargeAt
          ? NO_CHARGE_TEXTS.noChargeDecided
          : appointment.feeAmount === null
            ? '—'
            : appointment.feeWaived
              ? SESSIONS_TEXTS.feeWaived
              : formatMoney(appointment.feeAmount, appointment.currency),
    },
  ];
}

/** The whole filter as a CSV (every page, not just the one shown), with progress while it is read. */
function DownloadCsv({ queries, order, lookup }: { queries: readonly string[]; order: 'asc' | 'desc'; lookup: Lookup }) {
  const userId = useUserId();
  const rows = async (onProgress: (read: number) => void) => {
    const all = await listAllSessions(userId, [...queries], order, onProgress);
    return [SESSIONS_CSV_HEADER, ...all.map((appointment) => sessionCsvRow(appointment, { client: clientName(lookup, appointment), service: serviceName(lookup, appointment) }, lookup.timeZone))];
  };
  return (
    <DownloadCsvButton
      rows={rows}
      fileName={() => `sessions-${new Date().toISOString().slice(0, 10)}.csv`}
      texts={{ download: SESSIONS_TEXTS.download, preparing: SESSIONS_TEXTS.preparing, failed: SESSIONS_TEXTS.downloadFailed }}
      className="sessions-download"
    />
  );
}
