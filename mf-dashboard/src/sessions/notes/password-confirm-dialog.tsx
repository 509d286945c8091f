import { useState, type ReactNode } from 'react';
import { TextInput } from '@cadence/shared-ui';
import { FormDialog } from '../../shared/form-dialog.tsx';

export interface PasswordConfirmDialogProps {
  title: string;
  description: string;
  /** The confirming button's label, and what it says while the action runs. */
  confirmLabel: string;
  busyLabel: string;
  /** The error's title ("Not signed"). */
  failureTitle: string;
  /** What the error says when the failure has no message of its own. */
  fallbackError: string;
  /** Fields above the password (an addendum's text). */
  children?: ReactNode;
  /** Checked before the password: what is missing, or null. */
  check?: () => string | null;
  /** Runs with the typed password; a thrown error's message is shown and the dialog stays open. */
  onConfirm: (password: string) => Promise<void>;
  onClose: () => void;
}

/**
 * The therapist confirms a signature (signing a note, adding an addendum) by typing their password;
 * the function it goes to checks it with Appwrite. Closes once `onConfirm` is done.
 */
export function PasswordConfirmDialog({ title, description, confirmLabel, busyLabel, failureTitle, fallbackError, children, check, onConfirm, onClose }: PasswordConfirmDialogProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const missing = check?.() ?? (password ? null : 'Enter your password.');
    if (missing) return setError(missing);
    setBusy(true);
    setError(null);
    try {
      await onConfirm(password);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : fallbackError);
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={title}
      description={description}
      onClose={onClose}
      action={confirmLabel}
      pending={busy}
      pendingLabel={busyLabel}
      onSubmit={() => void confirm()}
      failure={error}
      failureTitle={failureTitle}
    >
      {children}
      <TextInput label="Your password" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
    </FormDialog>
  );
}
