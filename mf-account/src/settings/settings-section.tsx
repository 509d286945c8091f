import { sendEmailVerification, settingsStatusText, useAuthStore, type AuthUser, type SubscriptionDocument } from '@cadence/shared-auth';
import { Link } from '@cadence/shared-router';
import { Alert, Button, Card, IconButton, StatusChip, TextInput } from '@cadence/shared-ui';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { billingPortalUrl, reasonOf, updateEmail, updateName } from '../account/account-api.ts';
import { MESSAGES } from '../messages.ts';
import { ResendVerificationButton } from '../profile/profile-section.tsx';
import { formatDate } from '../profile/profile-status.ts';
import { DeleteAccountPanel } from './delete-account.tsx';
import { ExportDataPanel } from './export-data.tsx';
import { UpdatePasswordForm } from './password-form.tsx';
import { TwoStepSettings } from './two-step-settings.tsx';
import { AutoSignOutSettings } from './auto-sign-out-settings.tsx';

/**
 * An inline editor's open state; closing it (save, cancel, Escape) puts focus back on the Edit button,
 * so a keyboard user is not dropped at the top of the page.
 */
function useInlineEditor() {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);
  useEffect(() => {
    if (!editing && closed.current) editButton.current?.focus();
    closed.current = false;
  }, [editing]);
  return {
    editing,
    editButton,
    open: () => setEditing(true),
    close: () => {
      closed.current = true;
      setEditing(false);
    },
  };
}

/** A setting's value as text, then a visible Edit button (pencil) that names what it edits. */
function EditableValue({ value, editLabel, editButton, onEdit, children }: {
  value: string;
  editLabel: string;
  editButton: Ref<HTMLButtonElement>;
  onEdit: () => void;
  children?: ReactNode;
}) {
  return (
    <span className="account-setting">
      <span className="account-break">{value}</span>
      {children}
      <Button size="sm" icon="edit" ref={editButton} aria-label={editLabel} onClick={onEdit}>Edit</Button>
    </span>
  );
}

function NameSetting({ user }: { user: AuthUser }) {
  const { editing, editButton, open, close } = useInlineEditor();
  const [value, setValue] = useState(user.name);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  async function save() {
    try {
      await updateName(value.trim());
      await useAuthStore.getState().refreshUser();
      setError(null);
      close();
    } catch (e) {
      setError(MESSAGES.nameUpdateFailed(reasonOf(e)));
    }
  }
  function cancel() {
    setError(null);
    close();
  }
  function onKey(event: KeyboardEvent) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    }
    if (event.key === 'Escape') cancel();
  }

  if (!editing) {
    const shown = user.name || MESSAGES.notProvided;
    return (
      <EditableValue value={shown} editLabel={`Edit name: ${shown}`} editButton={editButton}
        onEdit={() => { setValue(user.name); open(); }} />
    );
  }
  return (
    <div className="account-stack">
      <span className="account-inline">
        {/* The row's term names the field; Field would print a second "Name" label beside it. */}
        <input className="ui-control account-inline-input" aria-label="Name" type="text" value={value} autoFocus
          aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}
          onChange={(e) => setValue(e.target.value)} onKeyDown={onKey} />
        <IconButton icon="check" label="Save name" variant="secondary" size="sm" onClick={() => void save()} />
        <IconButton icon="close" label="Cancel name edit" variant="secondary" size="sm" onClick={cancel} />
      </span>
      {error && <div id={errorId}><Alert tone="error">{error}</Alert></div>}
    </div>
  );
}

function EmailSetting({ user }: { user: AuthUser }) {
  const { editing, editButton, open, close } = useInlineEditor();
  // spec §5: editing the email shows the alert and closes the editor.
  function redirect() {
    window.alert(MESSAGES.emailEditAlert);
    close();
  }
  if (!editing) {
    return (
      <EditableValue value={user.email} editLabel={`Edit email: ${user.email}`} editButton={editButton} onEdit={open}>
        {/* issue 20: a verified address says so (Appwrite refuses to verify it again). */}
        {user.emailVerification
          ? <StatusChip tone="success" label={MESSAGES.verified} />
          : <StatusChip tone="warning" label={MESSAGES.unverified} />}
      </EditableValue>
    );
  }
  return (
    <span className="account-inline">
      <input className="ui-control account-inline-input" aria-label="Email" type="email" defaultValue={user.email} autoFocus
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            // Focus is back on Edit before this key's press: unhandled, that press would open the editor again.
            e.preventDefault();
            redirect();
          }
          if (e.key === 'Escape') close();
        }} />
      <IconButton icon="warning" label="Save email" variant="secondary" size="sm" onClick={redirect} />
    </span>
  );
}

function ChangeEmailSection() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await updateEmail(email.trim(), password);
      await sendEmailVerification().catch((e: unknown) => console.error('Verification email failed', e));
      await useAuthStore.getState().refreshUser();
      setEmail('');
      setPassword('');
      setResult({ ok: true, text: MESSAGES.emailChanged });
    } catch (e) {
      setResult({ ok: false, text: MESSAGES.emailChangeFailed(reasonOf(e)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Change Email" headingLevel={3}>
      <form className="account-form" onSubmit={(e) => void submit(e)} aria-label="Change Email">
        <TextInput label="New Email" type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextInput label="Current Password" type="password" required autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        {result && <Alert tone={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
        <div>
          <Button type="submit" variant="primary" className="account-action" loading={busy}>Change Email</Button>
        </div>
      </form>
    </Card>
  );
}

async function manageBilling() {
  try {
    window.location.assign(await billingPortalUrl());
  } catch (error) {
    console.error('Billing portal failed', error);
    window.alert(MESSAGES.billingPortalFailed);
  }
}

export function SettingsSection({ user, subscription }: { user: AuthUser; subscription: SubscriptionDocument | null }) {
  const card = subscription?.backupCardBrand && subscription.backupCardLast4
    ? `${subscription.backupCardBrand} •••• ${subscription.backupCardLast4}` : 'None';
  return (
    <div className="account-stack account-stack--loose">
      <Card>
        <dl className="account-fields">
          <dt>Name</dt>
          <dd><NameSetting user={user} /></dd>
          <dt>Email</dt>
          <dd><EmailSetting user={user} /></dd>
          <dt>Member Since</dt>
          <dd>{formatDate(user.registration || user.$createdAt)}</dd>
          <dt>Subscription</dt>
          <dd>
            <span className="account-inline">
              {settingsStatusText(subscription?.status)}
              <Button size="sm" onClick={() => void manageBilling()}>Manage</Button>
            </span>
          </dd>
          <dt>Payment Method</dt>
          <dd>{card}</dd>
        </dl>
      </Card>
      <ChangeEmailSection />
      {/* One settings area (issue 37): the practice's own settings live in the dashboard. */}
      <Card title="Your practice" headingLevel={3}>
        <p className="account-muted">
          Practice details, time zone, services and fees, reminders and the calendar feed are in <Link to="/dashboard/practice">Practice settings</Link>.
        </p>
      </Card>
      <Card title="Security" headingLevel={3}>
        <div className="account-stack account-stack--loose">
          {/* issue 20: offered only while it can work — Appwrite refuses a verified address. */}
          {!user.emailVerification && <ResendVerificationButton label="Resend Email Verification" size="md" className="account-action" />}
          <UpdatePasswordForm />
          <TwoStepSettings user={user} />
          <AutoSignOutSettings user={user} />
          <ExportDataPanel />
          <DeleteAccountPanel />
        </div>
      </Card>
    </div>
  );
}
