import { useId, useRef, useState } from 'react';
import { Alert, Button, Dialog, TextInput } from '@cadence/shared-ui';
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
  const formId = useId();
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
    <Dialog
      open
      onClose={onClose}
      dismissible={!pending}
      title={title}
      description={description}
      footer={
        <>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={pending} loadingLabel="Voiding…">
            {action}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-label={action}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {failure && (
          <Alert tone="error" title="Not voided">
            {failure}
          </Alert>
        )}
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
      </form>
    </Dialog>
  );
}
