import type { CountryCode } from '../../shared/practice-country.ts';
import { decimalEvidence, type DecimalSeparator } from '@cadence/shared-auth/money';

// Amounts as other products and spreadsheets write them (issue 29): a decimal point (1,234.56) or
// a decimal comma (1.234,56). Which one is decided once per file from the file's own amounts, as the
// date order is (import-dates.ts); "80,500" alone could be 80.50 or 80,500.00, so a file with only
// such amounts is asked about, with a guess shown, never read silently.

const SEPARATOR_WORDS: Record<DecimalSeparator, string> = { '.': 'a decimal point', ',': 'a decimal comma' };

export const AMOUNT_MESSAGES = {
  notInSeparator: (text: string, separator: DecimalSeparator) =>
    `"${text}" can't be read with ${SEPARATOR_WORDS[separator]}. Check how amounts are written (above the preview).`,
  needsSeparator: (text: string) => `"${text}" could be read with a decimal comma or a decimal point. Choose how this file writes amounts (above the preview).`,
} as const;

/** An amount cell of the file, with the spreadsheet row it sits on. */
export interface AmountCell {
  rowNumber: number;
  text: string;
}

export interface DecimalSeparatorEvidence {
  /** The separator the file shows, or null when it cannot tell (or contradicts itself). */
  separator: DecimalSeparator | null;
  /** Why: the row that decided, or the contradiction. */
  reason: string | null;
  /** Some amount could be read either way ("80,500"), so the separator changes what is stored. */
  ambiguous: boolean;
  /** Some amount has a separator at all (so the question applies). */
  written: boolean;
  /** Rows show both separators: the person decides. */
  conflict: boolean;
}

/**
 * How the file writes amounts, from its own evidence: an amount that can only be read one way
 * ("80,50", "1.234,56" → comma; "80.50", "1,234.56" → point) decides; rows that disagree leave it to
 * the person, and so does a file whose every amount could be either.
 */
export function detectDecimalSeparator(cells: readonly AmountCell[]): DecimalSeparatorEvidence {
  const seen: Partial<Record<DecimalSeparator, AmountCell>> = {};
  let ambiguous = false;
  for (const cell of cells) {
    const evidence = decimalEvidence(cell.text);
    if (evidence === 'ambiguous') ambiguous = true;
    else if (evidence) seen[evidence] ??= cell;
  }
  const written = ambiguous || seen['.'] !== undefined || seen[','] !== undefined;
  const base = { ambiguous, written };
  const point = seen['.'];
  const comma = seen[','];
  if (point && comma) {
    return { ...base, separator: null, conflict: true, reason: `Row ${comma.rowNumber} has ${comma.text.trim()} (decimal comma) but row ${point.rowNumber} has ${point.text.trim()} (decimal point).` };
  }
  const decided = point ?? comma;
  if (decided) {
    const separator: DecimalSeparator = point ? '.' : ',';
    return { ...base, separator, conflict: false, reason: `Row ${decided.rowNumber} has ${decided.text.trim()}, which can only have ${SEPARATOR_WORDS[separator]}.` };
  }
  return { ...base, separator: null, conflict: false, reason: null };
}

/**
 * The separator to suggest when the file cannot tell: the practice country's own way of writing
 * amounts (Spain and France a comma, the US and the UK a point), from the engine's number formats.
 */
export function countryDecimalSeparator(country: CountryCode): DecimalSeparator {
  try {
    const locale = new Intl.Locale('und', { region: country }).maximize();
    const decimal = new Intl.NumberFormat(`${locale.language}-${country}`).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
    return decimal === ',' ? ',' : '.';
  } catch {
    return '.';
  }
}
