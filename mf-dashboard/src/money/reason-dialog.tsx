import { useRef, useState } from 'react';
import { TextInput } from '@cadence/shared-ui';
import { FormDialog } from '../shared/form-dialog.tsx';
import { MoneyRefusal } from './api/money-functions.ts';
import { ENTRY_LIMITS, ENTRY_MESSAGES } from './entry-form.ts';

export interface ReasonDialogProps {
  title: string;
  description: string;
  /** The form's name and its confirming button's label. */
  action: string;
  /** Sends the trimmed reason; a refusal naming `reason` is shown beside the field, any other above it. */
  onConfirm: (reason: string) => Promise<void>;
  pending: boolean;
  onClose: () => void;
}

/**
 * A void asks why (issue 16: every correction leaves a trail): one required reason, sent once
 * however often the button is pressed, kept as typed when refused.
 */
export function ReasonDialog({ title, description, action, onConfirm, pending, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useRef(false);

  const submit = async () => {
    if (sending.current) return;
    const text = reason.trim();
    if (!text) return setError(ENTRY_MESSAGES.reason);
    if (text.length > ENTRY_LIMITS.reason) return setError(ENTRY_MESSAGES.tooLong('reason', ENTRY_LIMITS.reason));
    sending.current = true;
    setFailure(null);
    try {
      await onConfirm(text);
    } catch (caught) {
      if (caught instanceof MoneyRefusal && caught.field === 'reason') setError(caught.message);
      else setFailure(caught instanceof Error ? caught.message : String(caught));
    } finally {
      sending.current = false;
    }
  };

  return (
    <FormDialog
      title={title}
      description={description}
      onClose={onClose}
      action={action}
      pending={pending}
      pendingLabel="Voiding…"
      tone="danger"
      onSubmit={() => void submit()}
      failure={failure}
      failureTitle="Not voided"
    >
      <TextInput
        label="Reason"
        required
        autoComplete="off"
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setError(null);
        }}
        error={error ?? undefined}
      />
    </FormDialog>
  );
}
