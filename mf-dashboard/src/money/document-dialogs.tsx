import { useState } from 'react';
import { base64Blob, saveFile } from '@cadence/shared-auth';
import { Alert, Button, Checkbox, DateInput, TextInput } from '@cadence/shared-ui';
import { FormDialog } from '../shared/form-dialog.tsx';
import { dateLabel, isPlainDate } from '../schedule/calendar-dates.ts';
import { createInvoice, moneyDocument, MoneyRefusal, voidInvoice, type LeftOutSession } from './api/money-functions.ts';
import type { ClientInvoiceDocument } from './ledger.ts';
import { useMoneyWrite } from './money-queries.ts';
import { ReasonDialog } from './reason-dialog.tsx';

export interface Period {
  from: string;
  to: string;
}

/** Messages for a date range, field by field. */
export function checkPeriod(period: Period): Partial<Record<keyof Period, string>> {
  const errors: Partial<Record<keyof Period, string>> = {};
  if (!isPlainDate(period.from)) errors.from = 'Enter the first day.';
  if (!isPlainDate(period.to)) errors.to = 'Enter the last day.';
  else if (isPlainDate(period.from) && period.to < period.from) errors.to = 'The last day can’t be before the first.';
  return errors;
}

/** Fetches a PDF from money-documents and saves it under the name the function gives. */
export async function downloadMoneyDocument(request: Parameters<typeof moneyDocument>[0]): Promise<string> {
  return (await fetchAndSave(request)).filename;
}

async function fetchAndSave(request: Parameters<typeof moneyDocument>[0]) {
  const file = await moneyDocument(request);
  saveFile(base64Blob(file.base64, file.contentType || 'application/pdf'), file.filename);
  return { filename: file.filename, leftOut: file.leftOut ?? [], signed: file.signatureId !== undefined };
}

/** Issue 29: attended sessions a document does not carry, so none slips through unbilled. */
export function LeftOutSessions({ sessions, document }: { sessions: readonly LeftOutSession[]; document: string }) {
  if (sessions.length === 0) return null;
  const count = sessions.length === 1 ? '1 attended session' : `${sessions.length} attended sessions`;
  return (
    <Alert tone="warning" title={`${count} left out of this ${document}`}>
      <ul className="money-left-out">
        {sessions.map((session) => (
          <li key={session.appointmentId}>
            {isPlainDate(session.date) ? dateLabel(session.date, 'full') : session.date}: {session.why}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function PeriodFields({ period, errors, onChange }: { period: Period; errors: Partial<Record<keyof Period, string>>; onChange: (period: Period) => void }) {
  return (
    <div className="money-period">
      <DateInput label="From" required value={period.from} max={period.to || undefined} onChange={(event) => onChange({ ...period, from: event.target.value })} error={errors.from} />
      <DateInput label="To" required value={period.to} min={period.from || undefined} onChange={(event) => onChange({ ...period, to: event.target.value })} error={errors.to} />
    </div>
  );
}

export interface PeriodDocumentDialogProps {
  document: 'superbill' | 'statement';
  clientId: string;
  clientName: string;
  initial: Period;
  onClose: () => void;
}

const DOCUMENT_TEXTS = {
  superbill: { title: 'Superbill', description: 'Attended sessions in the period with their codes and payments, for the client to claim reimbursement.', action: 'Download superbill' },
  statement: { title: 'Statement', description: 'The opening balance, charges, payments, adjustments and closing balance for the period.', action: 'Download statement' },
} as const;

/** Superbill or Statement: a period, then the PDF is downloaded. */
export function PeriodDocumentDialog({ document, clientId, clientName, initial, onClose }: PeriodDocumentDialogProps) {
  const [period, setPeriod] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Period, string>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [leftOut, setLeftOut] = useState<readonly LeftOutSession[] | null>(null);
  // A superbill may be signed electronically by the provider (the signed note's mechanism: the password again).
  const [sign, setSign] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [signed, setSigned] = useState(false);
  const [share, setShare] = useState(false);
  const texts = DOCUMENT_TEXTS[document];
  const signing = document === 'superbill' && sign;

  const submit = async () => {
    const found = checkPeriod(period);
    setErrors(found);
    setPasswordError(signing && !password ? 'Enter your password to sign.' : null);
    if (Object.keys(found).length > 0 || (signing && !password) || busy) return;
    setBusy(true);
    setFailure(null);
    setLeftOut(null);
    const shared = share ? { share: true } : {};
    try {
      const file = await fetchAndSave(signing ? { document: 'superbill', clientId, ...period, sign: true, password, ...shared } : { document, clientId, ...period, ...shared });
      setPassword('');
      setSigned(file.signed);
      // A superbill that leaves sessions out stays open to say which, so the therapist can bill them.
      if (file.leftOut.length > 0) setLeftOut(file.leftOut);
      else onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={`${texts.title} for ${clientName}`}
      description={texts.description}
      onClose={onClose}
      action={texts.title}
      submitLabel={texts.action}
      pending={busy}
      pendingLabel="Preparing the PDF…"
      onSubmit={() => void submit()}
      failure={failure}
      failureTitle="The PDF could not be made"
    >
      {leftOut && (
        <>
          <Alert tone="success">{signed ? 'Signed electronically and downloaded.' : 'Downloaded.'}</Alert>
          <LeftOutSessions sessions={leftOut} document={document} />
        </>
      )}
      <PeriodFields period={period} errors={errors} onChange={setPeriod} />
      {document === 'superbill' && (
        <>
          <Checkbox
            label="Sign electronically"
            hint="Prints your signature with your license number and a code that proves the superbill is unchanged."
            checked={sign}
            onChange={(event) => setSign(event.target.checked)}
          />
          {sign && (
            <TextInput label="Your password" type="password" autoComplete="current-password" required value={password} error={passwordError ?? undefined} onChange={(event) => setPassword(event.target.value)} />
          )}
        </>
      )}
      <Checkbox
        label="Also share in the client’s portal"
        hint="The client finds it in their portal documents and gets an email that says only that there is a new document."
        checked={share}
        onChange={(event) => setShare(event.target.checked)}
      />
    </FormDialog>
  );
}

/** Create invoice: the client's unbilled charges dated in the range become a draft. */
export function CreateInvoiceDialog({ clientId, clientName, initial, onClose, onDone }: { clientId: string; clientName: string; initial: Period; onClose: () => void; onDone: (message: string) => void }) {
  const [period, setPeriod] = useState(initial);
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof Period | 'dueDate', string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [leftOut, setLeftOut] = useState<readonly LeftOutSession[]>([]);
  const [created, setCreated] = useState<string | null>(null);
  const write = useMoneyWrite(createInvoice);

  const submit = async () => {
    const found: Partial<Record<keyof Period | 'dueDate', string>> = checkPeriod(period);
    if (dueDate && !isPlainDate(dueDate)) found.dueDate = 'Enter a date, or leave it empty for 30 days after issue.';
    setErrors(found);
    if (Object.keys(found).length > 0 || write.isPending || created) return;
    setFailure(null);
    setLeftOut([]);
    try {
      const { invoice, leftOut: missed } = await write.mutateAsync({ clientId, ...period, ...(dueDate ? { dueDate } : {}) });
      const message = `Invoice ${invoice.number} created as a draft for ${clientName}.`;
      // Sessions the invoice could not bill keep the dialog open, named, instead of a toast that hides them.
      if (missed.length > 0) {
        setCreated(message);
        setLeftOut(missed);
      } else onDone(message);
    } catch (error) {
      if (error instanceof MoneyRefusal) setLeftOut(error.leftOut);
      if (error instanceof MoneyRefusal && (error.field === 'from' || error.field === 'to' || error.field === 'dueDate')) setErrors({ [error.field]: error.message });
      else setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <FormDialog
      title={`Create invoice for ${clientName}`}
      description="Unbilled charges dated in these days go on a draft invoice; you can issue or email it next."
      onClose={onClose}
      action="Create invoice"
      submitLabel="Create draft"
      pending={write.isPending}
      pendingLabel="Creating…"
      onSubmit={() => void submit()}
      failure={failure}
      failureTitle="No invoice created"
      footer={
        created ? (
          <Button variant="primary" onClick={() => onDone(created)}>
            Done
          </Button>
        ) : undefined
      }
    >
      {created && <Alert tone="success">{created}</Alert>}
      <LeftOutSessions sessions={leftOut} document="invoice" />
      <PeriodFields period={period} errors={errors} onChange={setPeriod} />
      <DateInput label="Due date" hint="Leave empty for 30 days after it is issued." value={dueDate} onChange={(event) => setDueDate(event.target.value)} error={errors.dueDate} />
    </FormDialog>
  );
}

/** Void an invoice, with a reason: its number is kept, its charges become unbilled again. */
export function VoidInvoiceDialog({ invoice, onClose, onDone }: { invoice: ClientInvoiceDocument; onClose: () => void; onDone: (message: string) => void }) {
  const write = useMoneyWrite((text: string) => voidInvoice(invoice.$id, text));
  return (
    <ReasonDialog
      title={`Void invoice ${invoice.number}?`}
      description="The number is kept and never reused; its charges can go on a new invoice."
      action="Void invoice"
      pending={write.isPending}
      onClose={onClose}
      onConfirm={async (reason) => {
        await write.mutateAsync(reason);
        onDone(`Invoice ${invoice.number} voided.`);
      }}
    />
  );
}
