import type { CountryCode } from 'libphonenumber-js/min';

// The practice's country as a screen reads it from the settings (issue 29), without libphonenumber:
// its list of countries is its metadata (~22 KB gzip), which loads only with what parses, formats or
// offers countries (country.ts, validators.ts, the phone format), never with a screen's first paint
// (issue 30). A code of the right shape that libphonenumber does not know is read as the default
// there (phoneCountry).

export type { CountryCode };

/** What national numbers are read as while the practice has no country. */
export const DEFAULT_PRACTICE_COUNTRY: CountryCode = 'US';

/** The country national phone numbers are read with: the practice's own, else the default. */
export function practiceCountry(settings: { country?: string | null } | null | undefined): CountryCode {
  const country = settings?.country;
  return typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? (country as CountryCode) : DEFAULT_PRACTICE_COUNTRY;
}
