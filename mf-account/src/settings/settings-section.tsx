import { sendEmailVerification, settingsStatusText, useAuthStore, type AuthUser, type SubscriptionDocument } from '@cadence/shared-auth';
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
  const id = useId();

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
      <button type="button" className="account-inline-edit" aria-label={`Edit name: ${user.name || MESSAGES.notProvided}`}
        onClick={() => { setValue(user.name); setEditing(true); }}>
        {user.name || MESSAGES.notProvided}
      </button>
    );
  }
  return (
    <span className="account-inline-editor">
      <label htmlFor={id} className="account-visually-hidden">Name</label>
      <input id={id} type="text" value={value} autoFocus onChange={(e) => setValue(e.target.value)} onKeyDown={onKey} />
      <button type="button" className="button" aria-label="Save name" onClick={() => void save()}>✓</button>
      <button type="button" className="button" aria-label="Cancel name edit" onClick={() => setEditing(false)}>✕</button>
      {error && <span role="alert" className="account-error">{error}</span>}
    </span>
  );
}

function EmailSetting({ user }: { user: AuthUser }) {
  const [editing, setEditing] = useState(false);
  const id = useId();
  // spec §5: editing the email shows the alert and closes the editor.
  function redirect() {
    window.alert(MESSAGES.emailEditAlert);
    setEditing(false);
  }
  if (!editing) {
    return (
      <button type="button" className="account-inline-edit" aria-label={`Edit email: ${user.email}`} onClick={() => setEditing(true)}>
        {user.email}
      </button>
    );
  }
  return (
    <span className="account-inline-editor">
      <label htmlFor={id} className="account-visually-hidden">Email</label>
      <input id={id} type="email" defaultValue={user.email} autoFocus onKeyDown={(e) => { if (e.key === 'Enter') redirect(); }} />
      <button type="button" className="button" aria-label="Save email" onClick={redirect}>⚠</button>
    </span>
  );
}

function ChangeEmailSection() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

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
    <form className="account-form" onSubmit={(e) => void submit(e)} aria-label="Change Email">
      <h4>Change Email</h4>
      <div className="account-field">
        <label htmlFor={`${id}-email`}>New Email</label>
        <input id={`${id}-email`} type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div className="account-field">
        <label htmlFor={`${id}-password`}>Current Password</label>
        <input id={`${id}-password`} type="password" required autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      <p role={result?.ok === false ? 'alert' : 'status'} className={result?.ok === false ? 'account-error' : 'account-success'}>{result?.text}</p>
      <button type="submit" className="button button-primary" disabled={busy}>Change Email</button>
    </form>
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
    <div>
      <dl className="account-fields">
        <dt>Name</dt>
        <dd><NameSetting user={user} /></dd>
        <dt>Email</dt>
        <dd><EmailSetting user={user} /></dd>
        <dt>Member Since</dt>
        <dd>{formatDate(user.registration || user.$createdAt)}</dd>
        <dt>Subscription</dt>
        <dd>
          {settingsStatusText(subscription?.status)}{' '}
          <button type="button" className="button" onClick={() => void manageBilling()}>Manage</button>
        </dd>
        <dt>Payment Method</dt>
        <dd>{card}</dd>
      </dl>
      <ChangeEmailSection />
      <h3>Security</h3>
      <div className="account-actions">
        <ResendVerificationButton label="Resend Email Verification" />
      </div>
      <UpdatePasswordForm />
      <DeleteAccountPanel />
    </div>
  );
}
