import { DEFAULT_CURRENCY } from '@cadence/shared-auth/money';
import type { Service } from './services.ts';

// Services as the screens read them: colours, labels, which can be booked, the suggested ones. The
// schema that validates a service is services.ts (zod); nothing here needs it.

export const MIN_DURATION_MINUTES = 5;
export const MAX_DURATION_MINUTES = 480;

/**
 * The colours a service can have on the calendar. Each background carries white text at a WCAG AA
 * contrast of at least 4.5:1 (checked in services.test.ts), so a colour never costs legibility;
 * services also show their name, so colour is never the only cue.
 */
export const SERVICE_COLORS = {
  blue: { label: 'Blue', background: '#1d4ed8', text: '#ffffff' },
  indigo: { label: 'Indigo', background: '#4338ca', text: '#ffffff' },
  purple: { label: 'Purple', background: '#7e22ce', text: '#ffffff' },
  pink: { label: 'Pink', background: '#be185d', text: '#ffffff' },
  red: { label: 'Red', background: '#b91c1c', text: '#ffffff' },
  orange: { label: 'Orange', background: '#c2410c', text: '#ffffff' },
  brown: { label: 'Brown', background: '#92400e', text: '#ffffff' },
  green: { label: 'Green', background: '#15803d', text: '#ffffff' },
  teal: { label: 'Teal', background: '#0f766e', text: '#ffffff' },
  slate: { label: 'Slate', background: '#475569', text: '#ffffff' },
} as const;

export type ServiceColor = keyof typeof SERVICE_COLORS;
export const SERVICE_COLOR_NAMES = Object.keys(SERVICE_COLORS) as [ServiceColor, ...ServiceColor[]];

export const SERVICE_MESSAGES = {
  duration: `Enter a duration from ${MIN_DURATION_MINUTES} to ${MAX_DURATION_MINUTES} minutes.`,
  fee: 'Enter the fee as an amount such as 120.00.',
  color: 'Choose a colour from the palette.',
  archived: 'Archived must be yes or no.',
  intakePacket: 'Choose at most 12 forms and consents from the list.',
  feeNeeded: (name: string) => `Set a fee for ${name} before using it.`,
} as const;

/**
 * Whether a code is shaped like a CPT code: five digits (Category I, e.g. 90834), or four digits
 * and F, T or U (Category II, III and proprietary laboratory analyses).
 */
export function isCptCode(code: string | null | undefined): boolean {
  return typeof code === 'string' && /^\d{4}[\dFTU]$/.test(code.trim().toUpperCase());
}

/** The services a new practice starts with (issue #13); the therapist fills in each fee before first use. */
export const SUGGESTED_SERVICES: readonly Service[] = [
  { name: 'Intake assessment', serviceCode: '90791', durationMinutes: 60, fee: null, currency: DEFAULT_CURRENCY, color: 'teal', archived: false },
  { name: 'Psychotherapy', serviceCode: '90834', durationMinutes: 45, fee: null, currency: DEFAULT_CURRENCY, color: 'blue', archived: false },
  { name: 'Psychotherapy', serviceCode: '90837', durationMinutes: 60, fee: null, currency: DEFAULT_CURRENCY, color: 'purple', archived: false },
];

/** The suggested services in the practice's currency, ready to create. */
export function suggestedServices(currency: string = DEFAULT_CURRENCY): Service[] {
  return SUGGESTED_SERVICES.map((service) => ({ ...service, currency }));
}
