import { useId, useState } from 'react';
import { Alert, Button, Dialog, TextInput } from '@cadence/shared-ui';
import { SignRefusal, signNote } from './api/sign-note.ts';
import { useRefreshNote } from './note-queries.ts';

export interface SignNoteDialogProps {
  /** Saves what is on screen first and answers the note's id (null when it could not be saved). */
  prepare: () => Promise<string | null>;
  clientName: string;
  onClose: () => void;
}

/**
 * "Sign note": the therapist confirms with their password; the sign-note function checks it,
 * freezes the note (SHA-256 over its canonical form, signer and time) and makes it read-only.
 */
export function SignNoteDialog({ prepare, clientName, onClose }: SignNoteDialogProps) {
  const formId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshNote();

  const sign = async () => {
    if (!password) return setError('Enter your password.');
    setBusy(true);
    setError(null);
    try {
      const noteId = await prepare();
      if (!noteId) throw new SignRefusal('The note is not saved yet. Check your connection and try again.');
      await signNote(noteId, password);
      await refresh();
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The note was not signed.');
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!busy}
      title={`Sign the note for ${clientName}?`}
      description="Once signed, the note can't be changed; corrections are added as addenda."
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={busy} loadingLabel="Signing…">
            Sign and lock
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void sign();
        }}
      >
        {error && <Alert tone="error" title="Not signed">{error}</Alert>}
        <TextInput label="Your password" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
      </form>
    </Dialog>
  );
}
