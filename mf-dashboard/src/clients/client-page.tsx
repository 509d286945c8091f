import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from '@cadence/shared-router';
import { Alert, Button, buttonClassName, Card, ConfirmDialog, EmptyState, PageHeader, Skeleton } from '@cadence/shared-ui';
import { Tabs } from '@cadence/shared-ui/bundled';
import { usePracticeSettings } from '../practice/practice-queries.ts';
import { browserTimeZone, formatInZone } from '../shared/time-zone.ts';
import { practiceCountry } from '../shared/practice-country.ts';
import type { ClientDocument } from './api/client-document.ts';
import { ClientAppointments } from './client-appointments.tsx';
import { PortalConsents } from './portal/portal-consents.tsx';
import { PortalForms } from './portal/portal-forms.tsx';
import { PortalGuardians } from './portal/portal-guardians.tsx';
import { PortalInvite } from './portal/portal-invite.tsx';
import { PortalMeasures } from './portal/portal-measures.tsx';
import { ClientNotes } from '../sessions/notes/client-notes.tsx';
import { ClientBilling } from '../money/client-billing.tsx';
import { ClientAutoPay } from '../money/autopay/client-autopay.tsx';
import { GfePanel } from './gfe/gfe-panel.tsx';
import { hasClientRecords } from './api/client-record-counts.ts';
import { ClientForm, clientFormValues } from './client-form.tsx';
import { useDeleteClient, useUpdateClient } from './client-mutations.ts';
import { clientIdFromPath, CLIENTS_PATH } from './client-paths.ts';
import { useClient, useClientRecordCounts } from './client-record-queries.ts';
import { ClientSummary } from './client-summary.tsx';
import { CLIENT_TAB_PARAM, CLIENT_TABS, clientTabFrom, type ClientTab } from './client-tabs.ts';
import { clientDisplayName, isArchived, type ClientStatus } from './client-schema.ts';
import { CLIENT_TEXTS } from './client-texts.ts';
import type { ClientCreatedState } from './new-client-page.tsx';
import './clients.css';

const backLink = (
  <Link className={buttonClassName('secondary')} to={CLIENTS_PATH}>
    {CLIENT_TEXTS.backToClients}
  </Link>
);

/**
 * /dashboard/clients/:clientId (issue 37): one client's read-only summary, then tabs — Overview,
 * Appointments, Notes, Billing, Portal (issue 31) and Profile (the editable record, archive and delete) — the open tab
 * in the address.
 */
export function ClientPage() {
  const { pathname } = useLocation();
  const clientId = clientIdFromPath(pathname);
  const client = useClient(clientId);

  if (client.isPending) {
    return (
      <div className="clients-page">
        <Skeleton label={CLIENT_TEXTS.loadingClient} lines={8} />
      </div>
    );
  }
  if (client.isError) {
    return (
      <div className="clients-page">
        <Alert
          tone="error"
          title={CLIENT_TEXTS.clientLoadFailed}
          action={
            <Button onClick={() => void client.refetch()} loading={client.isFetching}>
              {CLIENT_TEXTS.retry}
            </Button>
          }
        >
          {client.error.message}
        </Alert>
        {backLink}
      </div>
    );
  }
  if (client.data === null) {
    return (
      <div className="clients-page">
        <PageHeader title={CLIENT_TEXTS.notFoundTitle} />
        <EmptyState icon="clients" action={backLink}>
          {CLIENT_TEXTS.notFound}
        </EmptyState>
      </div>
    );
  }
  return <ClientProfile client={client.data} />;
}

function ClientProfile({ client }: { client: ClientDocument }) {
  const { state } = useLocation();
  const justCreated = (state as Partial<ClientCreatedState> | null)?.created === true;
  const [params, setParams] = useSearchParams();
  const tab = clientTabFrom(params.get(CLIENT_TAB_PARAM));
  const settings = usePracticeSettings();
  const timeZone = settings.data?.timeZone ?? browserTimeZone();
  const country = practiceCountry(settings.data);
  const update = useUpdateClient(client.$id);
  const name = clientDisplayName(client);
  const openTab = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === 'overview') next.delete(CLIENT_TAB_PARAM);
      else next.set(CLIENT_TAB_PARAM, id);
      return next;
    });

  const content: Record<ClientTab, ReactNode> = {
    overview: (
      <div className="client-overview">
        <section aria-labelledby={`${client.$id}-upcoming`}>
          <h2 id={`${client.$id}-upcoming`} className="client-overview__title">
            {CLIENT_TEXTS.overviewUpcoming}
          </h2>
          <ClientAppointments client={client} only="upcoming" limit={3} />
        </section>
        <section aria-labelledby={`${client.$id}-notes`}>
          <h2 id={`${client.$id}-notes`} className="client-overview__title">
            {CLIENT_TEXTS.overviewNotes}
          </h2>
          <ClientNotes clientId={client.$id} limit={3} />
        </section>
      </div>
    ),
    appointments: <ClientAppointments client={client} />,
    notes: <ClientNotes clientId={client.$id} />,
    billing: (
      <>
        <ClientBilling client={client} />
        <ClientAutoPay client={client} />
        <GfePanel client={client} />
      </>
    ),
    portal: (
      <div className="clients-portal-tab">
        <PortalInvite client={client} timeZone={timeZone} />
        <PortalGuardians client={client} timeZone={timeZone} />
        <PortalForms client={client} timeZone={timeZone} country={country} />
        <PortalConsents clientId={client.$id} timeZone={timeZone} dateOfBirth={client.dateOfBirth} />
        <PortalMeasures clientId={client.$id} timeZone={timeZone} dateOfBirth={client.dateOfBirth} />
      </div>
    ),
    profile: (
      <div className="client-profile">
        <ClientForm
          // Phones are shown in the country's national form: once the settings load, the form starts over from them.
          key={`${client.$id}-${country}`}
          defaultValues={clientFormValues(client, undefined, country)}
          country={country}
          submitLabel={CLIENT_TEXTS.save}
          submittingLabel={CLIENT_TEXTS.saving}
          failureTitle={CLIENT_TEXTS.saveFailed}
          savedText={CLIENT_TEXTS.saved}
          onSave={(changes) => update.mutateAsync(changes)}
        />
        <dl className="clients-meta">
          <div>
            <dt>{CLIENT_TEXTS.createdAt}</dt>
            <dd>{formatInZone(client.$createdAt, timeZone, { withZoneName: true })}</dd>
          </div>
          <div>
            <dt>{CLIENT_TEXTS.updatedAt}</dt>
            <dd>{formatInZone(client.$updatedAt, timeZone, { withZoneName: true })}</dd>
          </div>
        </dl>
        <ArchiveOrDelete client={client} name={name} />
      </div>
    ),
  };

  return (
    <div className="clients-page">
      <PageHeader
        title={name}
        actions={backLink}
      />
      {justCreated && <Alert tone="success" title={CLIENT_TEXTS.created} />}
      <ClientSummary client={client} timeZone={timeZone} />
      <Tabs
        label={CLIENT_TEXTS.tabsLabel}
        value={tab}
        onChange={openTab}
        items={CLIENT_TABS.map((id) => ({ id, label: CLIENT_TEXTS.tabs[id].label, content: content[id] }))}
      />
    </div>
  );
}

/** Archive (inactive, discharged) or reactivate, and delete while there is nothing to keep. */
function ArchiveOrDelete({ client, name }: { client: ClientDocument; name: string }) {
  const archive = useUpdateClient(client.$id);
  const setStatus = (status: ClientStatus) => archive.mutate({ status });
  return (
    <Card title={CLIENT_TEXTS.archiveTitle} description={CLIENT_TEXTS.archiveHelp}>
      <div className="clients-archive">
        {isArchived(client) ? (
          <Button onClick={() => setStatus('active')} loading={archive.isPending}>
            {CLIENT_TEXTS.reactivate}
          </Button>
        ) : (
          <>
            <Button onClick={() => setStatus('inactive')} loading={archive.isPending && archive.variables.status === 'inactive'}>
              {CLIENT_TEXTS.archiveInactive}
            </Button>
            <Button onClick={() => setStatus('discharged')} loading={archive.isPending && archive.variables.status === 'discharged'}>
              {CLIENT_TEXTS.discharge}
            </Button>
          </>
        )}
        <DeleteClient client={client} name={name} />
      </div>
      {archive.isError && (
        <Alert tone="error" title={CLIENT_TEXTS.archiveFailed} onDismiss={() => archive.reset()}>
          {archive.error.message}
        </Alert>
      )}
    </Card>
  );
}

/** Delete, offered only while the client has no appointments, notes or ledger entries (issue #13). */
function DeleteClient({ client, name }: { client: ClientDocument; name: string }) {
  const navigate = useNavigate();
  const records = useClientRecordCounts(client.$id);
  const remove = useDeleteClient(client.$id);
  const [confirming, setConfirming] = useState(false);
  if (!records.data || hasClientRecords(records.data)) return null;
  return (
    <>
      <Button variant="danger" icon="delete" onClick={() => setConfirming(true)}>
        {CLIENT_TEXTS.deleteClient}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={CLIENT_TEXTS.deleteTitle(name)}
        description={CLIENT_TEXTS.deleteDescription(name)}
        confirmLabel={CLIENT_TEXTS.deleteClient}
        loading={remove.isPending}
        loadingLabel={CLIENT_TEXTS.deleting}
        onCancel={() => {
          setConfirming(false);
          remove.reset();
        }}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => void navigate(CLIENTS_PATH, { replace: true }) })}
      >
        {remove.isError ? (
          <Alert tone="error" title={CLIENT_TEXTS.deleteFailed}>
            {remove.error.message}
          </Alert>
        ) : (
          <p>{CLIENT_TEXTS.deleteHelp}</p>
        )}
      </ConfirmDialog>
    </>
  );
}
