import { Alert, RadioGroup } from '@cadence/shared-ui';
import { DECIMAL_SEPARATOR_LABELS, type DecimalSeparator } from '@cadence/shared-auth/money';
import type { ImportAmounts } from './import-rows.ts';

const SEPARATOR_NAMES: Record<DecimalSeparator, string> = { '.': 'decimal point', ',': 'decimal comma' };

export const DECIMAL_SEPARATOR_TEXTS = {
  question: 'How does this file write amounts?',
  ask: (guess: DecimalSeparator) =>
    `Every amount in this file could be read with a decimal comma or a decimal point (such as 80,500: 80.50 or 80,500.00). Choose how it writes them before importing. Your practice's country writes a ${SEPARATOR_NAMES[guess]}.`,
  conflict: 'The rows of this file disagree about how amounts are written. Choose the separator that is right; amounts that do not fit it are listed as problems.',
  chosen: (separator: DecimalSeparator) => `Read with a ${SEPARATOR_NAMES[separator]}.`,
} as const;

export interface ImportDecimalSeparatorProps {
  amounts: ImportAmounts;
  onChange: (separator: DecimalSeparator) => void;
}

/**
 * The decimal separator the file's fees are read with (issue 29): the one used and why, a way to
 * change it, and a question, with the practice country's separator as the guess, when the file
 * cannot tell. Shown only when some amount has a separator.
 */
export function ImportDecimalSeparator({ amounts, onChange }: ImportDecimalSeparatorProps) {
  if (!amounts.written) return null;
  const why = amounts.used && amounts.used === amounts.separator ? amounts.reason : null;
  return (
    <div className="client-import__dates">
      <RadioGroup
        label={DECIMAL_SEPARATOR_TEXTS.question}
        orientation="horizontal"
        options={(['.', ','] as const).map((separator) => ({ value: separator, label: DECIMAL_SEPARATOR_LABELS[separator] }))}
        value={amounts.used}
        onChange={(value) => onChange(value as DecimalSeparator)}
        hint={amounts.used ? [DECIMAL_SEPARATOR_TEXTS.chosen(amounts.used), why].filter(Boolean).join(' ') : undefined}
      />
      {amounts.needsChoice && (
        <Alert tone="warning" title="Choose how amounts are written">
          <p>{amounts.conflict ? DECIMAL_SEPARATOR_TEXTS.conflict : DECIMAL_SEPARATOR_TEXTS.ask(amounts.guess)}</p>
          {amounts.conflict && amounts.reason && <p>{amounts.reason}</p>}
        </Alert>
      )}
    </div>
  );
}
