import { useRef, type ReactNode } from 'react';
import { Button } from '../button/button.tsx';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What will happen, in a sentence: the dialog's description. */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** "danger" for what cannot be undone (the default), "primary" otherwise. */
  tone?: 'danger' | 'primary';
  /** The confirmed action is running: Confirm shows progress, Escape and Cancel wait. */
  loading?: boolean;
  loadingLabel?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

/** Asks before an action; focus starts on Cancel, the choice that changes nothing. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  loading = false,
  loadingLabel,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      size="sm"
      initialFocus={cancel}
      dismissible={!loading}
      footer={
        <>
          <Button ref={cancel} onClick={onCancel} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={loading} loadingLabel={loadingLabel}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
