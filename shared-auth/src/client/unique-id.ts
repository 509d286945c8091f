import { UNIQUE_ID_RANDOM_HEX } from '../config/constants.ts';

/**
 * spec §9: a hex timestamp followed by 7 random hex characters — the same shape as the SDK's
 * `ID.unique()` and PHP's `uniqid()`: seconds in hex, then milliseconds as 5 hex digits, so ids sort
 * by creation time. 20 lowercase hex characters, a valid Appwrite custom id.
 */
export function uniqueId(now: number = Date.now(), random: () => number = Math.random): string {
  const seconds = Math.floor(now / 1000);
  const millis = now - seconds * 1000;
  let id = seconds.toString(16) + millis.toString(16).padStart(5, '0');
  for (let i = 0; i < UNIQUE_ID_RANDOM_HEX; i += 1) {
    id += Math.floor(random() * 16).toString(16);
  }
  return id;
}
