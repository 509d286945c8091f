import { describe, expect, it } from 'vitest';
import { checkCountry, COUNTRY_MESSAGES, countryOptions, suggestCountry } from './country.ts';
import { DEFAULT_PRACTICE_COUNTRY, practiceCountry } from './practice-country.ts';

describe('the practice country (issue 29)', () => {
  it('is an ISO 3166-1 alpha-2 code, upper case; empty is not chosen', () => {
    expect(checkCountry('fr')).toEqual({ ok: true, value: 'FR' });
    expect(checkCountry(' ES ')).toEqual({ ok: true, value: 'ES' });
    expect(checkCountry('')).toEqual({ ok: true, value: null });
    expect(checkCountry(null)).toEqual({ ok: true, value: null });
    for (const wrong of ['XX', 'FRA', 'France', 12]) expect(checkCountry(wrong), String(wrong)).toEqual({ ok: false, message: COUNTRY_MESSAGES.unknown });
  });

  it('reads national numbers as US numbers only while none is chosen', () => {
    expect(practiceCountry({ country: 'BE' })).toBe('BE');
    expect(practiceCountry({ country: null })).toBe(DEFAULT_PRACTICE_COUNTRY);
    expect(practiceCountry(null)).toBe('US');
    expect(practiceCountry({ country: 'France' })).toBe(DEFAULT_PRACTICE_COUNTRY);
  });

  it('lists countries by English name', () => {
    const options = countryOptions();
    expect(options).toContainEqual({ value: 'GB', label: 'United Kingdom' });
    expect(options.map((option) => option.label)).toEqual([...options.map((option) => option.label)].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('suggestCountry: a suggestion to show, from the time zone, else the browser language', () => {
  it.each([
    ['Europe/Madrid', 'ES'],
    ['Atlantic/Canary', 'ES'],
    ['Europe/Paris', 'FR'],
    ['Europe/London', 'GB'],
    ['Europe/Brussels', 'BE'],
    ['America/Chicago', 'US'],
    ['Australia/Sydney', 'AU'],
  ])('%s suggests %s', (zone, country) => {
    expect(suggestCountry(zone, ['de-DE'])).toEqual({ country, from: 'timeZone' });
  });

  it('falls back to the region of the browser language, and to nothing', () => {
    expect(suggestCountry('UTC', ['fr-BE', 'en-US'])).toEqual({ country: 'BE', from: 'language' });
    expect(suggestCountry(null, ['xx-invalid-!', 'nl-NL'])).toEqual({ country: 'NL', from: 'language' });
    expect(suggestCountry('UTC', [])).toBeNull();
  });
});
