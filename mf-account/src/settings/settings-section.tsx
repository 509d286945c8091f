import { sendEmailVerification, settingsStatusText, useAuthStore, type AuthUser, type SubscriptionDocument } from '@cadence/shared-auth';
import { Alert, Button, Card, IconButton, TextInput } from '@cadence/shared-ui';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { billingPortalUrl, reasonOf, updateEmail, updateName } from '../account/account-api.ts';
import { MESSAGES } from '../messages.ts';
import { ResendVerificationButton } from '../profile/profile-section.tsx';
import { formatDate } from '../profile/profile-status.ts';
import { DeleteAccountPanel } from './delete-account.tsx';
import { UpdatePasswordForm } from './password-form.tsx';

function NameSetting({ user }: { user: AuthUser }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(user.name);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  async function save() {
    try {
      await updateName(value.trim());
      await useAuthStore.getState().refreshUser();
      setEditing(false);
      setError(null);
    } catch (e) {
      setError(MESSAGES.nameUpdateFailed(reasonOf(e)));
    }
  }
  function onKey(event: KeyboardEvent) {
    if (event.key === 'Enter') void save();
    if (event.key === 'Escape') setEditing(false);
  }

  if (!editing) {
    return (
      <Button variant="quiet" size="sm" icon="edit" className="account-inline-edit" aria-label={`Edit name: ${user.name || MESSAGES.notProvided}`}
        onClick={() => { setValue(user.name); setEditing(true); }}>
        {user.name || MESSAGES.notProvided}
      </Button>
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
        <IconButton icon="close" label="Cancel name edit" variant="secondary" size="sm" onClick={() => setEditing(false)} />
      </span>
      {error && <div id={errorId}><Alert tone="error">{error}</Alert></div>}
    </div>
  );
}

function EmailSetting({ user }: { user: AuthUser }) {
  const [editing, setEditing] = useState(false);
  // spec §5: editing the email shows the alert and closes the editor.
  function redirect() {
    window.alert(MESSAGES.emailEditAlert);
    setEditing(false);
  }
  if (!editing) {
    return (
      <Button variant="quiet" size="sm" icon="edit" className="account-inline-edit" aria-label={`Edit email: ${user.email}`} onClick={() => setEditing(true)}>
        {user.email}
      </Button>
    );
  }
  return (
    <span className="account-inline">
      <input className="ui-control account-inline-input" aria-label="Email" type="email" defaultValue={user.email} autoFocus
        onKeyDown={(e) => { if (e.key === 'Enter') redirect(); }} />
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
          <Button type="submit" variant="primary" loading={busy}>Change Email</Button>
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
      <Card title="Security" headingLevel={3}>
        <div className="account-stack account-stack--loose">
          <ResendVerificationButton label="Resend Email Verification" />
          <UpdatePasswordForm />
          <DeleteAccountPanel />
        </div>
      </Card>
    </div>
  );
}
