import { useState } from 'react';
import { Alert, Badge, Button, ConfirmDialog, EmptyState, Skeleton, StatusChip } from '@cadence/shared-ui';
import { Switch, Table, type TableColumn } from '@cadence/shared-ui/bundled';
import type { ServiceDocument } from './api/service-document.ts';
import { LoadError } from '../shared/load-error.tsx';
import { useServices } from './practice-queries.ts';
import { useUpdateService } from './practice-mutations.ts';
import { ColorSwatch, ServiceDialog } from './service-dialog.tsx';
import { isServiceReady, serviceLabel } from './services.ts';
import { formatMoney } from '@cadence/shared-auth/money';

const columns: readonly TableColumn<ServiceDocument>[] = [
  {
    key: 'name',
    header: 'Name',
    rowHeader: true,
    cell: (service) => (
      <>
        {service.name} {service.archived && <Badge>Archived</Badge>}
      </>
    ),
  },
  { key: 'code', header: 'Code', cell: (service) => service.serviceCode ?? '—' },
  { key: 'duration', header: 'Duration', align: 'end', cell: (service) => `${service.durationMinutes} min` },
  {
    key: 'fee',
    header: 'Fee',
    align: 'end',
    cell: (service) => (service.fee === null ? <StatusChip tone="warning" label="Needs a fee" /> : formatMoney(service.fee, service.currency)),
  },
  { key: 'color', header: 'Colour', cell: (service) => <ColorSwatch color={service.color} /> },
];

/**
 * The practice's services (issue #13): the list with each one's fee in its currency, add and edit
 * in a dialog, archive after a confirmation (archived ones leave the list and the pickers, and
 * come back with "Show archived" and Unarchive).
 */
export function ServicesSection({ currency }: { currency: string }) {
  const [showArchived, setShowArchived] = useState(false);
  const services = useServices({ includeArchived: showArchived });
  const update = useUpdateService();
  const [editing, setEditing] = useState<ServiceDocument | 'new' | null>(null);
  const [archiving, setArchiving] = useState<ServiceDocument | null>(null);

  const addButton = (
    <Button variant="primary" icon="add" onClick={() => setEditing('new')}>
      Add service
    </Button>
  );
  const unpriced = services.data?.filter((service) => !service.archived && !isServiceReady(service)) ?? [];

  return (
    <div className="practice-services">
      <div className="practice-services__toolbar">
        {addButton}
        <Switch label="Show archived" checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />
      </div>
      {unpriced.length > 0 && (
        <Alert tone="warning" title="Set the fees before first use">
          {unpriced.length === 1 ? '1 service needs a fee' : `${unpriced.length} services need a fee`}: choose Edit in its row’s actions.
        </Alert>
      )}
      {update.isError && <Alert tone="error" title="Changing the service failed">{update.error.message} The list shows it as it was.</Alert>}
      {services.isPending ? (
        <Skeleton label="Loading services" lines={4} />
      ) : services.isError ? (
        <LoadError what="Loading services failed" onRetry={() => void services.refetch()} />
      ) : services.data.length === 0 ? (
        <EmptyState title="No services yet" action={addButton}>
          Add what you offer, such as a 50-minute psychotherapy session, with its fee.
        </EmptyState>
      ) : (
        <Table
          caption="Services"
          hideCaption
          columns={columns}
          rows={services.data}
          rowKey={(service) => service.$id}
          rowActionsLabel={(service) => `Actions for ${serviceLabel(service)}`}
          rowActions={(service) => [
            { label: 'Edit', icon: 'edit', onSelect: () => setEditing(service) },
            service.archived
              ? { label: 'Unarchive', onSelect: () => update.mutate({ serviceId: service.$id, changes: { archived: false } }) }
              : { label: 'Archive', icon: 'delete', danger: true, onSelect: () => setArchiving(service) },
          ]}
          empty="No services"
        />
      )}
      {editing && <ServiceDialog service={editing === 'new' ? null : editing} currency={currency} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={archiving !== null}
        title={`Archive ${archiving ? serviceLabel(archiving) : 'service'}?`}
        description="It leaves the list and the pickers; past appointments and invoices keep it. You can unarchive it under Show archived."
        confirmLabel="Archive"
        tone="primary"
        onCancel={() => setArchiving(null)}
        onConfirm={() => {
          if (archiving) update.mutate({ serviceId: archiving.$id, changes: { archived: true } });
          setArchiving(null);
        }}
      />
    </div>
  );
}
