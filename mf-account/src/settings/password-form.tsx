import { updatePassword } from '@cadence/shared-auth';
import { useId, useState, type FormEvent } from 'react';
import { reasonOf } from '../account/account-api.ts';
import { MESSAGES } from '../messages.ts';
import { passwordFormError, showPasswordHint, type PasswordForm } from './settings-rules.ts';

const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function UpdatePasswordForm() {
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const hintId = `${id}-hint`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const error = passwordFormError(form);
    if (error) {
      setResult({ ok: false, text: error });
      return;
    }
    setBusy(true);
    try {
      await updatePassword({ password: form.newPassword, oldPassword: form.currentPassword });
      setForm(EMPTY);
      setResult({ ok: true, text: MESSAGES.passwordUpdated });
    } catch (e) {
      setResult({ ok: false, text: MESSAGES.passwordUpdateFailed(reasonOf(e)) });
    } finally {
      setBusy(false);
    }
  }

  const field = (key: keyof PasswordForm, label: string, autoComplete: string, describedBy?: string) => (
    <div className="account-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type="password"
        autoComplete={autoComplete}
        value={form[key]}
        aria-describedby={describedBy}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      />
    </div>
  );

  return (
    <form className="account-form" noValidate onSubmit={(e) => void submit(e)} aria-label="Update Password">
      <h4>Update Password</h4>
      {field('currentPassword', 'Current Password', 'current-password')}
      {field('newPassword', 'New Password', 'new-password', showPasswordHint(form.newPassword) ? hintId : undefined)}
      {showPasswordHint(form.newPassword) && <p id={hintId} className="account-hint">{MESSAGES.passwordHint}</p>}
      {field('confirmPassword', 'Confirm New Password', 'new-password')}
      <p role={result?.ok === false ? 'alert' : 'status'} className={result?.ok === false ? 'account-error' : 'account-success'}>
        {result?.text}
      </p>
      <button type="submit" className="button button-primary" disabled={busy}>Update Password</button>
    </form>
  );
}
