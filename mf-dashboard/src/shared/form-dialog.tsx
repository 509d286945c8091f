import { useId, type ReactNode } from 'react';
import { Alert, Button, Dialog } from '@cadence/shared-ui';

export interface FormDialogProps {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  /** The form's accessible name; the submit button's label unless `submitLabel` says otherwise. */
  action: string;
  submitLabel?: string;
  /** True while the submit is in flight: the dialog can't be dismissed, Cancel is off, the button spins. */
  pending: boolean;
  pendingLabel: string;
  /** Whether the submit button spins (default: while pending; false when another button's work is pending). */
  submitting?: boolean;
  onSubmit: () => void;
  /** A failure not tied to one field, shown above the fields under `failureTitle`. */
  failure?: string | null;
  failureTitle: string;
  tone?: 'primary' | 'danger';
  submitDisabled?: boolean;
  /** Replaces the footer's Cancel + submit (e.g. "Done" once the work is finished). */
  footer?: ReactNode;
  /** Buttons between Cancel and submit. */
  extraActions?: ReactNode;
  cancelLabel?: string;
  className?: string;
  children: ReactNode;
  /** Shown in the dialog after the form (a result such as a QR code). */
  after?: ReactNode;
}

/**
 * A dialog around one form (the money and card dialogs): Cancel and a submit button in the footer
 * bound to the form by id, the browser's own validation off (each field says its own error), Enter
 * submits, and a failure that belongs to no field is an alert above the fields.
 */
export function FormDialog({
  title, description, onClose, action, submitLabel, pending, pendingLabel, submitting = pending, onSubmit, failure, failureTitle, tone = 'primary',
  submitDisabled, footer, extraActions, cancelLabel = 'Cancel', className, children, after,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!pending}
      title={title}
      description={description}
      footer={
        footer ?? (
          <>
            <Button onClick={onClose} disabled={pending}>
              {cancelLabel}
            </Button>
            {extraActions}
            <Button type="submit" form={formId} variant={tone} loading={submitting} loadingLabel={pendingLabel} disabled={submitDisabled}>
              {submitLabel ?? action}
            </Button>
          </>
        )
      }
    >
      <form
        id={formId}
        className={className}
        noValidate
        aria-label={action}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {failure && (
          <Alert tone="error" title={failureTitle}>
            {failure}
          </Alert>
        )}
        {children}
      </form>
      {after}
    </Dialog>
  );
}
