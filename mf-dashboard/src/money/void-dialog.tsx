import { useId, useRef, useState } from 'react';
import { Alert, Button, Dialog, TextInput } from '@cadence/shared-ui';
import { formatMoney } from '../shared/money.ts';
import { MoneyRefusal, voidEntry, type EntryAnswer } from './api/money-functions.ts';
import { ENTRY_LIMITS, ENTRY_MESSAGES } from './entry-form.ts';
import { endSentence, entryLabel, type LedgerEntryDocument } from './ledger.ts';
import { useMoneyWrite } from './money-queries.ts';

export interface VoidEntryDialogProps {
  entry: LedgerEntryDocument;
  clientName: string;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** Void: a reversing entry linked to the original, with a reason; both stay listed. */
export function VoidEntryDialog({ entry, clientName, onClose, onDone }: VoidEntryDialogProps) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useRef(false);
  const write = useMoneyWrite<{ entryId: string; reason: string }, EntryAnswer>(voidEntry);
  const what = `${entryLabel(entry)} of ${formatMoney(Math.abs(entry.amount), entry.currency)} on ${entry.date}`;

  const submit = async () => {
    if (sending.current) return;
    const text = reason.trim();
    if (!text) return setError(ENTRY_MESSAGES.reason);
    if (text.length > ENTRY_LIMITS.reason) return setError(ENTRY_MESSAGES.tooLong('reason', ENTRY_LIMITS.reason));
    sending.current = true;
    setFailure(null);
    try {
      await write.mutateAsync({ entryId: entry.$id, reason: text });
      onDone(endSentence(`Voided: ${what} for ${clientName}`));
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
      dismissible={!write.isPending}
      title={`Void this ${entry.kind}?`}
      description={`${what}, ${clientName}. A reversing entry is added; both stay in the ledger.`}
      footer={
        <>
          <Button onClick={onClose} disabled={write.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={write.isPending} loadingLabel="Voiding…">
            Void
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-label="Void"
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
