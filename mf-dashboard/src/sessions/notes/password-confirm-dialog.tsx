import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, TextInput } from '@cadence/shared-ui';

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
  const formId = useId();
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
    <Dialog
      open
      onClose={onClose}
      dismissible={!busy}
      title={title}
      description={description}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={busy} loadingLabel={busyLabel}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        {error && <Alert tone="error" title={failureTitle}>{error}</Alert>}
        {children}
        <TextInput label="Your password" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
      </form>
    </Dialog>
  );
}
