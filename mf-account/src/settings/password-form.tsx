import { updatePassword } from '@cadence/shared-auth';
import { Alert, Button, TextInput } from '@cadence/shared-ui';
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '../messages.ts';
import { passwordFormError, passwordUpdateFailure, showPasswordHint, type PasswordForm } from './settings-rules.ts';

const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function UpdatePasswordForm() {
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

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
      setResult({ ok: false, text: passwordUpdateFailure(e) });
    } finally {
      setBusy(false);
    }
  }

  const field = (key: keyof PasswordForm, label: string, autoComplete: string, hint?: string) => (
    <TextInput
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={form[key]}
      hint={hint}
      onChange={(e) => setForm({ ...form, [key]: e.target.value })}
    />
  );

  return (
    <form className="account-form" noValidate onSubmit={(e) => void submit(e)} aria-label="Update Password">
      <h4 className="account-subtitle">Password</h4>
      {field('currentPassword', 'Current Password', 'current-password')}
      {field('newPassword', 'New Password', 'new-password', showPasswordHint(form.newPassword) ? MESSAGES.passwordHint : undefined)}
      {field('confirmPassword', 'Confirm New Password', 'new-password')}
      {result && <Alert tone={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
      <div>
        <Button type="submit" variant="primary" className="account-action" loading={busy}>Update Password</Button>
      </div>
    </form>
  );
}
