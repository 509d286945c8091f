import type { Store } from '../store.ts';

/**
 * The emulator clock is real time plus a persisted offset, so `/_dev/clock/advance` survives restarts.
 * Test clocks keep their own frozen_time on the clock object; objects attached to one use that time.
 */
export interface Clock {
  /** Unix seconds on the emulator clock, or on a test clock when `testClock` is set. */
  now(testClock?: string | null): number;
  /** Moves the emulator clock to `seconds` (never backwards). */
  setEmulatorNow(seconds: number): void;
}

const OFFSET_KEY = 'clock.offset_ms';

export function createClock(store: Store, realNow: () => number): Clock {
  const offset = (): number => Number(store.kvGet(OFFSET_KEY) ?? '0');
  const emulatorNow = (): number => Math.floor((realNow() + offset()) / 1000);
  return {
    now(testClock) {
      if (testClock) {
        const clock = store.get<{ id: string; object: string; frozen_time: number }>('test_helpers.test_clock', testClock);
        if (clock) return clock.frozen_time;
      }
      return emulatorNow();
    },
    setEmulatorNow(seconds) {
      if (seconds <= emulatorNow()) return;
      store.kvSet(OFFSET_KEY, String(seconds * 1000 - realNow() + 999));
    },
  };
}
