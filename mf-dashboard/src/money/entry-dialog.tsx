import { useEffect, useMemo, useRef, useState } from 'react';
import { DateInput, RadioGroup, Select, TextInput, Textarea } from '@cadence/shared-ui';
import { Combobox } from '@cadence/shared-ui/bundled';
import { FormDialog } from '../shared/form-dialog.tsx';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { clientDisplayName } from '../clients/client-schema.ts';
import { dateLabel } from '../schedule/calendar-dates.ts';
import { parseMoney, formatMoney, moneyInputText } from '@cadence/shared-auth/money';
import { shortClientName } from '../clients/client-names.ts';
import { MoneyRefusal, recordAdjustment, recordCharge, recordPayment, recordRefund, type EntryAnswer } from './api/money-functions.ts';
import { checkEntryForm, emptyEntryForm, formFieldOf, type EntryErrors, type EntryField, type EntryFormKind, type EntryFormValues } from './entry-form.ts';
import {
  ADJUSTMENT_TYPES, endSentence, ENTRY_TYPE_LABELS, INVOICE_STATUS_LABELS, openAmountOf, parseOpenCharges, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, previewAllocation, refundablePayments,
  type LedgerEntryDocument, type PaymentMethod,
} from './ledger.ts';
import { useClientBalance, useClientEntries, useClientInvoices, useMoneyWrite } from './money-queries.ts';

const TITLES: Record<EntryFormKind, string> = { payment: 'Record payment', adjustment: 'Add adjustment', refund: 'Record refund', charge: 'Add charge' };
const SUBMIT: Record<EntryFormKind, string> = { payment: 'Record payment', adjustment: 'Add adjustment', refund: 'Record refund', charge: 'Add charge' };
const DONE: Record<EntryFormKind, string> = { payment: 'Payment recorded', adjustment: 'Adjustment added', refund: 'Refund recorded', charge: 'Charge added' };

export interface EntryDialogProps {
  kind: EntryFormKind;
  /** The client it is for; null offers a client picker (Payments). */
  client: ClientDocument | null;
  clients?: readonly ClientDocument[];
  currency: string;
  /** Today on the practice's calendar: the date's default. */
  today: string;
  onClose: () => void;
  /** Told once the entry is recorded, with a sentence for the page to show. */
  onDone: (message: string) => void;
  /** A refund of this payment (its client's): chosen at the start, the amount left of it filled in. */
  payment?: LedgerEntryDocument;
}

/** "Payment of $150.00 on Wednesday 4 March 2026 (Check)", how a refund names its payment. */
export const paymentName = (payment: Pick<LedgerEntryDocument, 'amount' | 'currency' | 'date' | 'type'>) =>
  `Payment of ${formatMoney(-payment.amount, payment.currency)} on ${dateLabel(payment.date, 'full')} (${ENTRY_TYPE_LABELS[payment.type] ?? payment.type})`;

const isMethod = (value: string): value is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(value);

/**
 * Record payment, Add adjustment, Record refund and Add charge: one form each, checked field by
 * field, sent to the ledger function with an idempotency key made when the dialog opens — a double
 * click or a retry after a lost answer records one entry. A refusal keeps everything typed.
 */
export function EntryDialog({ kind, client, clients = [], currency, today, onClose, onDone, payment }: EntryDialogProps) {
  const [values, setValues] = useState<EntryFormValues>(() => {
    const empty = emptyEntryForm(client?.$id ?? '', today);
    return payment ? { ...empty, paymentId: payment.$id, method: isMethod(payment.type) ? payment.type : '' } : empty;
  });
  const [errors, setErrors] = useState<EntryErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // One key per submission of this form: kept across retries, so the server writes one entry.
  const idempotencyKey = useRef(crypto.randomUUID());
  const sending = useRef(false);
  const write = useMoneyWrite<Record<string, unknown>, EntryAnswer>((input) => {
    const body = { ...input, idempotencyKey: idempotencyKey.current };
    if (kind === 'payment') return recordPayment(body as Parameters<typeof recordPayment>[0]);
    if (kind === 'adjustment') return recordAdjustment(body as Parameters<typeof recordAdjustment>[0]);
    if (kind === 'refund') return recordRefund(body as Parameters<typeof recordRefund>[0]);
    return recordCharge(body as Parameters<typeof recordCharge>[0]);
  });

  const chosen = client ?? clients.find((each) => each.$id === values.clientId) ?? null;
  const balance = useClientBalance(values.clientId);
  const invoices = useClientInvoices(kind === 'payment' ? values.clientId : '');
  const openCharges = useMemo(() => parseOpenCharges(balance.data?.openCharges), [balance.data]);
  const ledger = useClientEntries(kind === 'refund' ? values.clientId : '');
  const refundable = useMemo(() => refundablePayments(ledger.data ?? []).filter(({ payment: each, left }) => left > 0 || each.$id === values.paymentId), [ledger.data, values.paymentId]);
  const refunding = refundable.find(({ payment: each }) => each.$id === values.paymentId) ?? null;
  // The amount left of the payment the dialog was opened for is filled in once the ledger is read, unless something was typed.
  const filled = useRef(false);
  const left = payment && refunding?.payment.$id === payment.$id ? refunding.left : null;
  useEffect(() => {
    if (left === null || filled.current) return;
    filled.current = true;
    if (left > 0) setValues((current) => (current.amount === '' ? { ...current, amount: moneyInputText(left, currency) } : current));
  }, [left, currency]);
  const payable = (invoices.data ?? []).filter((invoice) => invoice.status === 'issued' || invoice.status === 'draft');
  const invoice = payable.find((each) => each.$id === values.invoiceId) ?? null;

  const set = (field: EntryField, value: string) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // Choosing a payment to refund suggests paying it back the way it came in.
      const chosenPayment = field === 'paymentId' ? refundable.find(({ payment: each }) => each.$id === value)?.payment : undefined;
      if (chosenPayment && current.method === '' && isMethod(chosenPayment.type)) next.method = chosenPayment.type;
      return next;
    });
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const typed = parseMoney(values.amount, currency);
  const owed = invoice ? openAmountOf(invoice.entryIds, openCharges) : openCharges.reduce((sum, charge) => sum + Math.max(0, charge.open), 0);
  const preview = kind === 'payment' && typed.ok && typed.value > 0 && balance.isSuccess ? previewAllocation(typed.value, owed) : null;
  const name = chosen ? shortClientName(chosen) : '';

  const submit = async () => {
    if (sending.current) return;
    const checked = checkEntryForm(kind, values, currency);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    sending.current = true;
    setFailure(null);
    try {
      await write.mutateAsync({ ...checked.entry });
      const amount = formatMoney(checked.entry.amount, currency);
      const credit = kind === 'payment' && preview && preview.credit > 0 ? ` ${endSentence(`${formatMoney(preview.credit, currency)} kept as credit for ${name}`)}` : '';
      onDone(`${endSentence(`${DONE[kind]}: ${amount} for ${name}`)}${credit}`);
    } catch (error) {
      if (error instanceof MoneyRefusal) {
        const field = formFieldOf(error.field);
        if (field) setErrors((current) => ({ ...current, [field]: error.message }));
        else setFailure(error.message);
      } else {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    } finally {
      sending.current = false;
    }
  };

  const clientOptions = useMemo(
    () => [...clients].sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName)).map((each) => ({ value: each.$id, label: clientDisplayName(each) })),
    [clients],
  );

  return (
    <FormDialog
      title={client ? `${TITLES[kind]} for ${clientDisplayName(client)}` : TITLES[kind]}
      onClose={onClose}
      action={TITLES[kind]}
      submitLabel={SUBMIT[kind]}
      pending={write.isPending}
      pendingLabel="Saving…"
      onSubmit={() => void submit()}
      failure={failure}
      failureTitle="Not recorded"
      className="money-form"
    >
      {!client && (
        <Combobox label="Client" required options={clientOptions} value={values.clientId || null} onChange={(value) => set('clientId', value ?? '')} error={errors.clientId} />
      )}
      {kind === 'adjustment' && (
        <RadioGroup
          label="Adjustment"
          required
          orientation="horizontal"
          options={ADJUSTMENT_TYPES.map((type) => ({ value: type, label: ENTRY_TYPE_LABELS[type] ?? type }))}
          value={values.adjustmentType || null}
          onChange={(value) => set('adjustmentType', value)}
          error={errors.adjustmentType}
        />
      )}
      {kind === 'refund' && (
        <Select
          label="Refund of"
          options={[
            { value: '', label: `${name ? `${name}’s` : 'The client’s'} credit${balance.data ? ` (${formatMoney(balance.data.credit, currency)})` : ''}` },
            ...refundable.map(({ payment: each, left }) => ({ value: each.$id, label: `${paymentName(each)}, ${formatMoney(left, each.currency)} left` })),
          ]}
          value={values.paymentId}
          onChange={(event) => set('paymentId', event.target.value)}
          error={errors.paymentId}
        />
      )}
      <TextInput
        label={`Amount (${currency})`}
        hint={refunding ? `At most ${formatMoney(refunding.left, currency)}, what is left of this payment. The charges it paid are owed again.` : undefined}
        required
        inputMode="decimal"
        autoComplete="off"
        value={values.amount}
        onChange={(event) => set('amount', event.target.value)}
        error={errors.amount}
      />
      {(kind === 'payment' || kind === 'refund') && (
        <Select
          label={kind === 'payment' ? 'Method' : 'Paid back by'}
          required
          placeholder="Choose…"
          options={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
          value={values.method}
          onChange={(event) => set('method', event.target.value)}
          error={errors.method}
        />
      )}
      <DateInput label="Date" required value={values.date} onChange={(event) => set('date', event.target.value)} error={errors.date} />
      {(kind === 'payment' || kind === 'refund') && (
        <TextInput label="Reference" hint="A check number or receipt id." autoComplete="off" value={values.reference} onChange={(event) => set('reference', event.target.value)} error={errors.reference} />
      )}
      {kind === 'payment' && values.clientId && (
        <Select
          label="Apply to"
          options={[
            { value: '', label: 'Oldest unpaid charges first' },
            ...payable.map((each) => ({ value: each.$id, label: `${each.number} (${INVOICE_STATUS_LABELS[each.status]}, ${formatMoney(openAmountOf(each.entryIds, openCharges), each.currency)} open)` })),
          ]}
          value={values.invoiceId}
          onChange={(event) => set('invoiceId', event.target.value)}
          error={errors.invoiceId}
        />
      )}
      {kind === 'adjustment' && <TextInput label="Reason" required autoComplete="off" value={values.reason} onChange={(event) => set('reason', event.target.value)} error={errors.reason} />}
      <Textarea
        label={kind === 'charge' ? 'What it is for' : 'Memo'}
        required={kind === 'charge'}
        rows={2}
        value={values.memo}
        onChange={(event) => set('memo', event.target.value)}
        error={errors.memo}
      />
      {preview && (
        <p className="money-preview" role="status">
          {preview.applied > 0 && `${formatMoney(preview.applied, currency)} goes to ${invoice ? invoice.number : 'the oldest unpaid charges'}.`}
          {preview.applied > 0 && preview.credit > 0 && ' '}
          {preview.credit > 0 && endSentence(`${formatMoney(preview.credit, currency)} will be kept as credit for ${name}`)}
        </p>
      )}
    </FormDialog>
  );
}
