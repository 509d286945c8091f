import { Button, TextInput } from '@cadence/shared-ui';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@cadence/shared-router';
import { deleteAccount, reasonOf, type AccountDeletion } from '../account/account-api.ts';
import { DELETE_THANK_YOU_DELAY_MS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { ExportDataButton } from './export-data.tsx';
import { isDeletePhrase } from './settings-rules.ts';

interface DeleteAccountFormProps {
  id: string;
  onDeleted: (deletion: AccountDeletion) => void;
  onFailed: (reason: string) => void;
}

/**
 * The one confirmation before an account is deleted (Settings → Delete Account and the
 * account-cleanup page): spec §5's typed phrase, and the password, which delete-user-selfservice
 * checks — a session alone must never be enough (issue 11).
 */
export function DeleteAccountForm({ id, onDeleted, onFailed }: DeleteAccountFormProps) {
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isDeletePhrase(typed)) {
      window.alert(MESSAGES.deletePhraseAlert);
      return;
    }
    setBusy(true);
    try {
      onDeleted(await deleteAccount(password));
    } catch (error) {
      setBusy(false);
      onFailed(reasonOf(error));
    }
  }

  return (
    <form id={id} className="account-form" onSubmit={(e) => void submit(e)} aria-label="Confirm account deletion">
      <p className="account-text">This permanently deletes your account, subscription and data.</p>
      {/* issue 17: deletion removes every practice record, so the export is offered first. */}
      <p className="account-text">Export your data before deleting: clients, appointments, notes and settings cannot be recovered afterwards.</p>
      <ExportDataButton label="Export your data before deleting" />
      <TextInput id={`${id}-phrase`} label='Type "delete my account" to confirm' autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
      <TextInput id={`${id}-password`} label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <div>
        <Button type="submit" variant="danger" icon="delete" className="account-action" disabled={busy || !isDeletePhrase(typed) || password === ''} loading={busy} loadingLabel="Deleting...">
          Delete
        </Button>
      </div>
    </form>
  );
}

export function DeleteAccountPanel() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const id = useId();

  return (
    <div className="account-stack">
      {/* The button keeps spec §2's "Delete Account"; the heading says something of its own. */}
      <h4 className="account-subtitle">Leave Cadence</h4>
      <div>
        <Button variant="danger" className="account-action" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
          Delete Account
        </Button>
      </div>
      {open && (
        <DeleteAccountForm
          id={`${id}-panel`}
          onDeleted={({ pending, remaining }) => {
            navigate('/');
            // spec §4/§9: the thank-you alert follows after 500 ms (saying so when records are still going).
            setTimeout(() => window.alert(pending ? MESSAGES.deletePending(remaining) : MESSAGES.deleteThankYou), DELETE_THANK_YOU_DELAY_MS);
          }}
          onFailed={(reason) => window.alert(MESSAGES.deleteFailed(reason))}
        />
      )}
    </div>
  );
}
