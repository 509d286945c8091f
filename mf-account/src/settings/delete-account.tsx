import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@cadence/shared-router';
import { deleteAccount, reasonOf } from '../account/account-api.ts';
import { DELETE_THANK_YOU_DELAY_MS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { isDeletePhrase } from './settings-rules.ts';

export function DeleteAccountPanel() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isDeletePhrase(typed)) {
      window.alert(MESSAGES.deletePhraseAlert);
      return;
    }
    setBusy(true);
    try {
      await deleteAccount();
      navigate('/');
      // spec §4/§9: the thank-you alert follows after 500 ms.
      setTimeout(() => window.alert(MESSAGES.deleteThankYou), DELETE_THANK_YOU_DELAY_MS);
    } catch (error) {
      window.alert(MESSAGES.deleteFailed(reasonOf(error)));
      setBusy(false);
    }
  }

  return (
    <div className="account-delete">
      <h4>Delete Account</h4>
      <button type="button" className="button account-danger" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
        Delete Account
      </button>
      {open && (
        <form id={`${id}-panel`} className="account-form" onSubmit={(e) => void submit(e)} aria-label="Confirm account deletion">
          <p>This permanently deletes your account, subscription and data.</p>
          <div className="account-field">
            <label htmlFor={`${id}-phrase`}>Type &quot;delete my account&quot; to confirm</label>
            <input id={`${id}-phrase`} type="text" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
          </div>
          <button type="submit" className="button account-danger" disabled={busy || !isDeletePhrase(typed)}>
            {busy ? 'Deleting...' : 'Delete'}
          </button>
        </form>
      )}
    </div>
  );
}
