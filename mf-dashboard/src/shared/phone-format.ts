import { useEffect, useState } from 'react';
import { usePracticeCountry } from '../practice/practice-queries.ts';
import type { CountryCode } from './practice-country.ts';

// Showing a stored phone number the practice's way ("(312) 555-0100") takes libphonenumber and its
// metadata (~29 KB gzip), which no screen's first paint waits for (issue 30): a number is shown as
// stored until the formatter is here. It loads when a screen first shows a phone — its rows come
// after their data, so it is usually here first — and with the other sections' screens once the
// page is idle (section-screens.ts), so a screen opened later formats at once.

type Format = (stored: string | null | undefined, country: CountryCode) => string;

let loaded: Format | undefined;
let loading: Promise<Format> | undefined;

/** Loads the formatter (once; a failed load is tried again by the next screen that shows a phone). */
export function loadPhoneFormat(): Promise<Format> {
  if (!loading) {
    const started = import(/* webpackChunkName: "phone-format" */ './validators.ts').then((module) => (loaded = module.formatPhone));
    started.catch(() => {
      if (loading === started) loading = undefined;
    });
    loading = started;
  }
  return loading;
}

/** The practice's way of showing a stored phone number: its own country's numbers in national form. */
export function usePhoneFormat(): (stored: string) => string {
  const country = usePracticeCountry();
  const [format, setFormat] = useState(() => loaded);
  useEffect(() => {
    if (format) return undefined;
    let live = true;
    loadPhoneFormat().then(
      (formatPhone) => live && setFormat(() => formatPhone),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [format]);
  return (stored) => (format ? format(stored, country) : stored);
}
