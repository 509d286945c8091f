import { formatMoney } from '@cadence/shared-auth/money';
import { voidEntry, type EntryAnswer } from './api/money-functions.ts';
import { endSentence, entryLabel, type LedgerEntryDocument } from './ledger.ts';
import { useMoneyWrite } from './money-queries.ts';
import { ReasonDialog } from './reason-dialog.tsx';

export interface VoidEntryDialogProps {
  entry: LedgerEntryDocument;
  clientName: string;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** Void: a reversing entry linked to the original, with a reason; both stay listed. */
export function VoidEntryDialog({ entry, clientName, onClose, onDone }: VoidEntryDialogProps) {
  const write = useMoneyWrite<{ entryId: string; reason: string }, EntryAnswer>(voidEntry);
  const what = `${entryLabel(entry)} of ${formatMoney(Math.abs(entry.amount), entry.currency)} on ${entry.date}`;
  return (
    <ReasonDialog
      title={`Void this ${entry.kind}?`}
      description={`${what}, ${clientName}. A reversing entry is added; both stay in the ledger.`}
      action="Void"
      pending={write.isPending}
      onClose={onClose}
      onConfirm={async (reason) => {
        await write.mutateAsync({ entryId: entry.$id, reason });
        onDone(endSentence(`Voided: ${what} for ${clientName}`));
      }}
    />
  );
}
