// What finds the same person twice or a client by what was typed: a phone number's digits, an email's
// usual form. Apart from the field rules (validators.ts), which load libphonenumber: the clients list
// and Today search and match with these at first paint (issue 30).

/** A phone number's extension as people write it: "x12", "ext. 12", "extension 12". */
export const EXTENSION = /\s*(?:x|ext\.?|extension)\s*(\d{1,6})$/i;

/**
 * The digits that identify a phone number, for search and duplicate checks: "(555) 123-4567",
 * "555.123.4567", "+1 555 123 4567" and "+15551234567" all give "5551234567"; "0032 470 12 34 56"
 * and "+32470123456" both give "32470123456".
 */
export function phoneSearchKey(phone: string | null | undefined): string {
  if (typeof phone !== 'string') return '';
  const digits = phone.replace(EXTENSION, '').replace(/\D/g, '').replace(/^00(?=[1-9])/, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The form of an email used to find the same person twice: trimmed and lower case. */
export function emailSearchKey(email: string | null | undefined): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}
