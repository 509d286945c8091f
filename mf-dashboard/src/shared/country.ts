import { getCountries } from 'libphonenumber-js/min';
import { accept, refuse, type Checked } from '@cadence/shared-auth/money';
import { DEFAULT_PRACTICE_COUNTRY, type CountryCode } from './practice-country.ts';

// The practice's country (issue 29): an ISO 3166-1 alpha-2 code, the one whose national phone
// numbers ("06 12 34 56 78" in France) clients write without a prefix. Only countries whose numbers
// libphonenumber can read are offered. A practice without one reads national numbers as US numbers,
// as Cadence always has (its addresses are US addresses); a suggestion is only ever shown, never saved
// unasked.

export const COUNTRY_MESSAGES = {
  unknown: 'Choose a country from the list.',
} as const;

const COUNTRIES: ReadonlySet<string> = new Set(getCountries());

export function isCountryCode(code: unknown): code is CountryCode {
  return typeof code === 'string' && COUNTRIES.has(code);
}

/** A country as its upper-case code ("fr" → "FR"); empty is null, "not chosen". */
export function checkCountry(input: unknown): Checked<CountryCode | null> {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) return accept(null);
  const code = typeof input === 'string' ? input.trim().toUpperCase() : input;
  return isCountryCode(code) ? accept(code) : refuse(COUNTRY_MESSAGES.unknown);
}

/** The country a phone function reads national numbers with: `country` if libphonenumber knows it, else the default. */
export function phoneCountry(country: string): CountryCode {
  return isCountryCode(country) ? country : DEFAULT_PRACTICE_COUNTRY;
}

let names: Intl.DisplayNames | null | undefined;

/** "France" for FR (English, as the app speaks); the code itself where the engine has no names. */
export function countryName(code: CountryCode): string {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      names = null;
    }
  }
  return names?.of(code) ?? code;
}

/** Every country a practice can choose, by English name. */
export function countryOptions(): { value: CountryCode; label: string }[] {
  return [...COUNTRIES]
    .map((code) => ({ value: code as CountryCode, label: countryName(code as CountryCode) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

/** The zones a region uses, from the engine's own data (getTimeZones(), or the older timeZones getter). */
function zonesOf(region: string): readonly string[] {
  try {
    const locale = new Intl.Locale('und', { region }) as Intl.Locale & { getTimeZones?: () => string[]; timeZones?: string[] };
    return locale.getTimeZones?.() ?? locale.timeZones ?? [];
  } catch {
    return [];
  }
}

function regionOfLanguage(tag: string): string | null {
  try {
    return new Intl.Locale(tag).maximize().region ?? null;
  } catch {
    return null;
  }
}

export interface CountrySuggestion {
  country: CountryCode;
  /** What it was inferred from, to say so beside it. */
  from: 'timeZone' | 'language';
}

let zoneCountries: Map<string, CountryCode> | null = null;

/** The country a time zone belongs to; the table is built once, on first need (a few hundred regions). */
function countryOfZone(timeZone: string): CountryCode | null {
  if (!zoneCountries) {
    zoneCountries = new Map();
    for (const code of COUNTRIES) for (const zone of zonesOf(code)) if (!zoneCountries.has(zone)) zoneCountries.set(zone, code as CountryCode);
  }
  return zoneCountries.get(timeZone) ?? null;
}

/**
 * A country to suggest for a practice that has none: the one whose zones include the practice's
 * time zone (Europe/Madrid → ES), else the region of the browser's language (fr-BE → BE). Null when
 * neither tells. Only a suggestion to show: the therapist confirms or changes it.
 */
export function suggestCountry(timeZone: string | null | undefined, languages: readonly string[] = []): CountrySuggestion | null {
  const regions = languages.map(regionOfLanguage).filter(isCountryCode);
  if (timeZone) {
    // The browser's own region first: it usually is the zone's, and spares searching every country.
    const country = regions.find((region) => zonesOf(region).includes(timeZone)) ?? countryOfZone(timeZone);
    if (country) return { country, from: 'timeZone' };
  }
  const region = regions[0];
  return region ? { country: region, from: 'language' } : null;
}
