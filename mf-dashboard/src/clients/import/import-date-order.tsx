import { Alert, RadioGroup } from '@cadence/shared-ui';
import { DATE_ORDER_LABELS, pivotStatement, type DateOrder } from './import-dates.ts';
import type { ImportDates } from './import-rows.ts';

export const DATE_ORDER_TEXTS = {
  question: 'How does this file write dates?',
  ask: 'Every date in this file could be read day first or month first (such as 03.04.1985). Choose how it writes them before importing.',
  conflict: 'The rows of this file disagree about how dates are written. Choose the order that is right; dates that do not fit it are listed as problems.',
  chosen: (order: DateOrder) => `Read ${order === 'dmy' ? 'day first' : 'month first'}.`,
} as const;

export interface ImportDateOrderProps {
  dates: ImportDates;
  onChange: (order: DateOrder) => void;
}

/**
 * The order the file's dates are read in (issue 29): the one chosen and why, a way to change it, and
 * a question when the file cannot tell. Shown only when some date is written as numbers.
 */
export function ImportDateOrder({ dates, onChange }: ImportDateOrderProps) {
  if (!dates.numeric && !dates.twoDigitYears) return null;
  const why = dates.used && dates.used === dates.order ? dates.reason : null;
  return (
    <div className="client-import__dates">
      {dates.numeric && (
        <RadioGroup
          label={DATE_ORDER_TEXTS.question}
          orientation="horizontal"
          options={(['dmy', 'mdy'] as const).map((order) => ({ value: order, label: DATE_ORDER_LABELS[order] }))}
          value={dates.used}
          onChange={(value) => onChange(value as DateOrder)}
          hint={dates.used ? [DATE_ORDER_TEXTS.chosen(dates.used), why].filter(Boolean).join(' ') : undefined}
        />
      )}
      {dates.needsChoice && (
        <Alert tone="warning" title="Choose how dates are written">
          <p>{dates.conflict ? DATE_ORDER_TEXTS.conflict : DATE_ORDER_TEXTS.ask}</p>
          {dates.conflict && dates.reason && <p>{dates.reason}</p>}
        </Alert>
      )}
      {dates.twoDigitYears && <p className="client-import__pivot">{pivotStatement(dates.pivot)}</p>}
    </div>
  );
}
