// Which crisis resources the client sees on submitting a PHQ-9 with item 9 above 0 (issue 31;
// ../shared/reference/client-portal.md §7: "show crisis resources to the client"): the 988 Suicide &
// Crisis Lifeline and 911 for a US practice; elsewhere 988 does not answer, so the generic advice —
// the local emergency number, the nearest emergency department. A practice that has set no country
// is Cadence's default (US, as its phone numbers are read) but may not be: both are shown.

export type CrisisLines = 'us' | 'generic' | 'us-and-generic';

export function crisisLinesFor(country: string | null): CrisisLines {
  if (country === null) return 'us-and-generic';
  return country === 'US' ? 'us' : 'generic';
}
