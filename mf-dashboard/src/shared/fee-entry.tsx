import { useState, type KeyboardEvent } from 'react';
import { Button, TextInput } from '@cadence/shared-ui';
import { parseMoney } from '@cadence/shared-auth/money';
import './fee-entry.css';

export interface FeeEntryProps {
  /** The field's label ("Fee for Intake assessment"). */
  label: string;
  currency: string;
  submitLabel: string;
  /** Saves the amount (minor units); a rejection's message is shown under the field. */
  onSave: (amount: number) => Promise<unknown>;
  hint?: string;
  className?: string;
}

/**
 * An amount typed and saved in place (issue 29: a missing fee is set where it is noticed, without
 * leaving the dialog or the list). Not a <form>: it sits inside other forms, so Enter in the field
 * saves this amount instead of submitting the form around it. What was typed stays after a refusal.
 */
export function FeeEntry({ label, currency, submitLabel, onSave, hint, className }: FeeEntryProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const parsed = parseMoney(text, currency);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    if (parsed.value === 0) {
      setError('Enter a fee above zero.');
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await onSave(parsed.value);
      setText('');
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'The fee was not saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    }
  };

  return (
    <div className={['fee-entry', className].filter(Boolean).join(' ')}>
      <TextInput
        label={`${label} (${currency})`}
        hint={hint}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        error={error ?? undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button size="sm" variant="primary" loading={saving} loadingLabel="Saving…" onClick={() => void save()}>
        {submitLabel}
      </Button>
    </div>
  );
}
