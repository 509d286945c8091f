export interface Clock {
  /** Milliseconds since the epoch. Injectable so expiry rules can be tested. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Appwrite's datetime form: ISO 8601 with milliseconds and `+00:00` (PROTOCOL §1.8). */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+00:00');
}
