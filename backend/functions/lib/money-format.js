// Amounts as the functions write them for people (documents, emails, messages) and files (the
// export): Cadence keeps money in the currency's minor unit, as Stripe does — cents for USD, yen for
// JPY — so 12050 USD is $120.50 and 8000 JPY is ¥8,000. One rule for every function.

/** @typedef {{ format: Intl.NumberFormat | null, digits: number }} Currency a formatter (null: a code Intl does not know) and its minor digits */

/** @type {Map<string, Currency>} per currency, made once (a formatter is slow to make; the export asks ~100,000 times) */
const currencies = new Map();

/** @param {unknown} currency (USD when none) @returns {Currency & { code: string }} */
function currencyOf(currency) {
  const code = typeof currency === 'string' && currency ? currency : 'USD';
  let known = currencies.get(code);
  if (!known) {
    try {
      const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
      known = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    } catch {
      known = { format: null, digits: 2 };
    }
    currencies.set(code, known);
  }
  return { ...known, code };
}

/**
 * Minor units in the currency itself: 12050 USD → 120.5, 8000 JPY → 8000.
 * @param {number} minor
 * @param {unknown} currency (USD when none)
 */
export const inCurrency = (minor, currency) => minor / 10 ** currencyOf(currency).digits;

/**
 * Minor units as text: "$120.50", "¥8,000"; "120.50 XYZ" for a code Intl does not know.
 * @param {number} minor
 * @param {unknown} currency (USD when none)
 */
export function money(minor, currency) {
  const { format, digits, code } = currencyOf(currency);
  const amount = (minor || 0) / 10 ** digits;
  return format ? format.format(amount) : `${amount.toFixed(digits)} ${code}`;
}
