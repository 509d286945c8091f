// The design system's gallery (`pnpm dev` → /_gallery.html, never in a production build): every
// primitive in every state, in the light and the dark scheme side by side. Look here before
// building a screen.
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  DateInput,
  Dialog,
  EmptyState,
  Icon,
  ICON_NAMES,
  IconButton,
  PageHeader,
  RadioGroup,
  Select,
  Skeleton,
  Spinner,
  StatusChip,
  Textarea,
  TextInput,
} from '../index.ts';
import { Combobox, Menu, Pagination, Switch, Table, Tabs, TimeInput, Toast, ToastProvider, useToast, type TableSort } from '../bundled.ts';
import './gallery.css';

const COLOR_ROLES = [
  'bg',
  'surface',
  'surface-sunken',
  'fg',
  'muted',
  'border',
  'border-strong',
  'accent',
  'accent-subtle',
  'danger',
  'danger-bg',
  'success',
  'success-bg',
  'warning',
  'warning-bg',
  'info',
  'info-bg',
  'focus',
];

const clients = [
  { value: 'c1', label: 'Ada Lovelace', description: 'ada@example.com' },
  { value: 'c2', label: 'Alan Turing', description: 'Last seen 12 May' },
  { value: 'c3', label: 'Grace Hopper' },
  { value: 'c4', label: 'Katherine Johnson' },
];

interface Invoice {
  id: string;
  client: string;
  amount: number;
  status: 'Paid' | 'Open' | 'Failed';
}
const invoices: Invoice[] = [
  { id: 'INV-0012', client: 'Ada Lovelace', amount: 120, status: 'Paid' },
  { id: 'INV-0013', client: 'Grace Hopper', amount: 90, status: 'Open' },
  { id: 'INV-0014', client: 'Alan Turing', amount: 150, status: 'Failed' },
  { id: 'INV-0015', client: 'Katherine Johnson', amount: 110, status: 'Paid' },
];
const statusTone = { Paid: 'success', Open: 'info', Failed: 'danger' } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="gallery__section" aria-label={title}>
      <h3 className="gallery__section-title">{title}</h3>
      <div className="gallery__examples">{children}</div>
    </section>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <div className="gallery__row">{children}</div>;
}

function ToastDemo() {
  const toast = useToast();
  return (
    <Row>
      <Button onClick={() => toast.show({ message: 'Profile saved', tone: 'success' })}>Show a success toast</Button>
      <Button onClick={() => toast.show({ message: 'Could not save. Try again.', tone: 'error', duration: 0 })}>Show an error toast</Button>
    </Row>
  );
}

function Primitives({ scheme }: { scheme: 'light' | 'dark' }) {
  const [client, setClient] = useState<string | null>('c2');
  const [reminder, setReminder] = useState<string | null>('email');
  const [sort, setSort] = useState<TableSort | null>({ key: 'amount', direction: 'descending' });
  const [page, setPage] = useState(5);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const sorted = [...invoices].sort((a, b) => {
    if (!sort) return 0;
    const order = sort.key === 'amount' ? a.amount - b.amount : a[sort.key as 'client' | 'id'].localeCompare(b[sort.key as 'client' | 'id']);
    return sort.direction === 'ascending' ? order : -order;
  });

  return (
    <ToastProvider>
      <PageHeader
        title={scheme === 'light' ? 'Light scheme' : 'Dark scheme'}
        description="PageHeader: the page's h1, a sentence about it, and its main actions."
        actions={
          <>
            <Button>Export</Button>
            <Button variant="primary" icon="add">
              Add client
            </Button>
          </>
        }
      />

      <Section title="Colour roles">
        <ul className="gallery__swatches">
          {COLOR_ROLES.map((role) => (
            <li key={role} className="gallery__swatch">
              <span className="gallery__swatch-colour" data-role={role} />
              <code>--color-{role}</code>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Type and spacing">
        <p className="gallery__type gallery__type--2xl">Practice overview (2xl)</p>
        <p className="gallery__type gallery__type--xl">Today’s sessions (xl)</p>
        <p className="gallery__type gallery__type--lg">Ada Lovelace (lg)</p>
        <p className="gallery__type">Body text reads at the user’s own size (md).</p>
        <p className="gallery__type gallery__type--sm">Secondary text and table cells (sm).</p>
        <div className="gallery__spacing" aria-hidden="true">
          {[1, 2, 3, 4, 5, 6, 7].map((step) => (
            <span key={step} data-space={step} />
          ))}
        </div>
      </Section>

      <Section title="Button">
        <Row>
          <Button variant="primary">Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="quiet">Quiet</Button>
          <Button variant="danger">Danger</Button>
        </Row>
        <Row>
          <Button variant="primary" icon="add">
            With icon
          </Button>
          <Button variant="primary" loading loadingLabel="Saving…">
            Save
          </Button>
          <Button variant="secondary" loading>
            Loading
          </Button>
          <Button variant="primary" disabled>
            Disabled
          </Button>
          <Button variant="danger" disabled>
            Disabled danger
          </Button>
          <Button size="sm">Small</Button>
        </Row>
        <Row>
          <IconButton icon="edit" label="Edit client" />
          <IconButton icon="delete" label="Delete client" variant="danger" />
          <IconButton icon="settings" label="Settings" variant="secondary" />
          <IconButton icon="close" label="Close" size="sm" />
          <IconButton icon="more" label="More (disabled)" disabled />
        </Row>
      </Section>

      <Section title="Text fields">
        <TextInput label="First name" placeholder="Ada" />
        <TextInput label="Email" type="email" hint="Receipts go here." defaultValue="ada@example.com" required />
        <TextInput label="Phone" type="tel" error="Enter a phone number with its area code." defaultValue="555" />
        <TextInput label="Practice ID" defaultValue="PR-0042" disabled />
        <Textarea label="Session note" hint="Visible only to you." placeholder="Presenting concerns, interventions, plan…" />
        <Select
          label="Service"
          placeholder="Choose a service…"
          defaultValue=""
          options={[
            { value: 'intake', label: 'Intake (60 min)' },
            { value: 'follow-up', label: 'Follow-up (50 min)' },
            { value: 'couples', label: 'Couples (80 min)', disabled: true },
          ]}
        />
        <Select label="Currency" error="Choose the currency you bill in." options={[{ value: 'usd', label: 'USD' }]} />
        <div className="gallery__pair">
          <DateInput label="Date" defaultValue="2026-05-12" />
          <TimeInput label="Start time" defaultValue="09:30" hint="Your time zone" />
        </div>
        <div className="gallery__pair">
          <DateInput label="Date of birth" error="Date can’t be in the future." defaultValue="2031-01-01" />
          <TimeInput label="End time" disabled defaultValue="10:20" />
        </div>
      </Section>

      <Section title="Combobox">
        <Combobox label="Client" hint="Type a name or an email." options={clients} value={client} onChange={setClient} placeholder="Search clients" />
        <Combobox label="Client (empty, error)" options={clients} value={null} onChange={() => {}} error="Choose a client." placeholder="Search clients" />
        <Combobox label="Client (disabled)" options={clients} value="c1" onChange={() => {}} disabled />
      </Section>

      <Section title="Choices">
        <Checkbox label="Send a reminder the day before" defaultChecked />
        <Checkbox label="I agree to the Terms of Service" error="Please agree to continue." />
        <Checkbox label="Archived clients (disabled)" disabled />
        <RadioGroup
          label="Send reminders by"
          hint="Clients can change this later."
          value={reminder}
          onChange={setReminder}
          options={[
            { value: 'email', label: 'Email' },
            { value: 'sms', label: 'Text message', hint: 'Carrier rates may apply.' },
            { value: 'none', label: 'Don’t send', disabled: true },
          ]}
        />
        <RadioGroup label="Session length" orientation="horizontal" value={null} onChange={() => {}} error="Choose a length." options={[{ value: '50', label: '50 min' }, { value: '80', label: '80 min' }]} />
        <Switch label="Email me when a client books" hint="At most one email a day." defaultChecked />
        <Switch label="Online booking" />
        <Switch label="Telehealth (disabled)" disabled />
      </Section>

      <Section title="Dialog">
        <Row>
          <Button onClick={() => setDialogOpen(true)}>Open dialog</Button>
          <Button variant="danger" onClick={() => setConfirmOpen(true)}>
            Open confirm dialog
          </Button>
        </Row>
        <Dialog
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          title="Edit client"
          description="Changes apply to future sessions."
          footer={
            <>
              <Button onClick={() => setDialogOpen(false)}>Cancel</Button>
              <Button variant="primary" onClick={() => setDialogOpen(false)}>
                Save
              </Button>
            </>
          }
        >
          <TextInput label="First name" defaultValue="Ada" />
          <TextInput label="Last name" defaultValue="Lovelace" />
        </Dialog>
        <ConfirmDialog
          open={confirmOpen}
          title="Log out all devices?"
          description="Every device, this one included, will need to sign in again."
          confirmLabel="Log out everywhere"
          onConfirm={() => setConfirmOpen(false)}
          onCancel={() => setConfirmOpen(false)}
        />
      </Section>

      <Section title="Menu">
        <Row>
          <Menu
            label="Actions"
            items={[
              { label: 'Edit', icon: 'edit', onSelect: () => {} },
              { label: 'Send reminder', icon: 'email', onSelect: () => {} },
              { label: 'Archive (disabled)', onSelect: () => {}, disabled: true },
              { label: 'Delete', icon: 'delete', danger: true, onSelect: () => {} },
            ]}
          />
          <Menu label="More actions" icon="more" items={[{ label: 'Duplicate', onSelect: () => {} }]} />
        </Row>
      </Section>

      <Section title="Tabs">
        <Tabs
          label={`Account sections (${scheme})`}
          items={[
            { id: 'profile', label: 'Profile', content: <p>Name, email and practice details.</p> },
            { id: 'payments', label: 'Payments', content: <p>Invoices and the subscription.</p> },
            { id: 'devices', label: 'Devices', content: <p>Active sessions.</p>, disabled: true },
            { id: 'settings', label: 'Settings', content: <p>Change email, delete account.</p> },
          ]}
        />
      </Section>

      <Section title="Table">
        <Table
          caption="Invoices"
          columns={[
            { key: 'id', header: 'Number', cell: (row: Invoice) => row.id, sortable: true, rowHeader: true },
            { key: 'client', header: 'Client', cell: (row: Invoice) => row.client, sortable: true },
            { key: 'status', header: 'Status', cell: (row: Invoice) => <StatusChip tone={statusTone[row.status]} label={row.status} /> },
            { key: 'amount', header: 'Amount', cell: (row: Invoice) => `$${row.amount}.00`, sortable: true, align: 'end' },
          ]}
          rows={sorted}
          rowKey={(row) => row.id}
          sort={sort}
          onSortChange={setSort}
          rowActions={(row) => [
            { label: 'View invoice', icon: 'invoices', onSelect: () => {} },
            { label: 'Void', danger: true, onSelect: () => {}, disabled: row.status === 'Paid' },
          ]}
          rowActionsLabel={(row) => `Actions for ${row.id}`}
          empty="No invoices yet."
          maxHeight="14rem"
        />
        <Table
          caption="Invoices (empty)"
          columns={[
            { key: 'id', header: 'Number', cell: (row: Invoice) => row.id },
            { key: 'amount', header: 'Amount', cell: (row: Invoice) => row.amount, align: 'end' },
          ]}
          rows={[]}
          rowKey={(row) => row.id}
          empty={
            <EmptyState icon="invoices" action={<Button variant="primary">Create invoice</Button>}>
              Invoices you send appear here.
            </EmptyState>
          }
        />
        <Pagination label={`Invoice pages (${scheme})`} page={page} pageCount={12} onPageChange={setPage} />
      </Section>

      <Section title="Card">
        <Card title="Subscription" description="Billed monthly." actions={<Button size="sm">Manage</Button>} footer={<Button variant="danger">Cancel plan</Button>}>
          <p className="gallery__flush">10 USD a month after a 7-day trial.</p>
        </Card>
        <Card>A card without a heading: a plain box.</Card>
      </Section>

      <Section title="Badge and StatusChip">
        <Row>
          <Badge>Neutral</Badge>
          <Badge tone="accent">Accent</Badge>
          <Badge tone="info">Info</Badge>
          <Badge tone="success">Success</Badge>
          <Badge tone="warning">Warning</Badge>
          <Badge tone="danger">Danger</Badge>
        </Row>
        <Row>
          <StatusChip tone="success" label="Active" />
          <StatusChip tone="info" label="Trial active" />
          <StatusChip tone="warning" label="Payment due" />
          <StatusChip tone="danger" label="Payment failed" />
          <StatusChip tone="neutral" label="Draft" />
        </Row>
      </Section>

      <Section title="Alert">
        <Alert tone="info" title="Your trial ends in 3 days">
          Add a payment method to keep your practice running.
        </Alert>
        <Alert tone="success">Your subscription is active.</Alert>
        <Alert tone="warning" onDismiss={() => {}}>
          Your card expires next month.
        </Alert>
        <Alert tone="error" title="Could not load invoices" action={<Button size="sm">Retry</Button>}>
          Check your connection and try again.
        </Alert>
      </Section>

      <Section title="Toast">
        <ToastDemo />
        <div className="gallery__toasts">
          <Toast tone="success" onDismiss={() => {}}>
            Profile saved
          </Toast>
          <Toast tone="info" onDismiss={() => {}}>
            Reminder sent to Ada Lovelace
          </Toast>
          <Toast tone="error" onDismiss={() => {}}>
            Could not save. Try again.
          </Toast>
        </div>
      </Section>

      <Section title="EmptyState">
        <EmptyState icon="clients" title="No clients yet" action={<Button variant="primary">Add client</Button>}>
          Add your first client to schedule a session.
        </EmptyState>
      </Section>

      <Section title="Loading">
        <Skeleton label="Loading clients" lines={3} />
        <Skeleton label="Loading the chart" height="6rem" />
        <Row>
          <Spinner label="Loading invoices…" />
          <Spinner label="Saving" size="sm" />
        </Row>
      </Section>

      <Section title="Icons">
        <ul className="gallery__icons">
          {ICON_NAMES.map((name) => (
            <li key={name}>
              <Icon name={name} size={20} />
              <code>{name}</code>
            </li>
          ))}
        </ul>
      </Section>
    </ToastProvider>
  );
}

export function GalleryPage() {
  return (
    <main className="gallery">
      <header className="gallery__header">
        <p className="gallery__title">Cadence design system</p>
        <p className="gallery__intro">
          @cadence/shared-ui — every primitive in every state, light and dark. Served by <code>pnpm dev</code> only.
        </p>
      </header>
      <div className="gallery__schemes">
        {(['light', 'dark'] as const).map((scheme) => (
          <div key={scheme} className="gallery__scheme" data-color-scheme={scheme}>
            <Primitives scheme={scheme} />
          </div>
        ))}
      </div>
    </main>
  );
}
