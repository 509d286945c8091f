import { useEffect } from 'react';
import { Spinner } from '../layout/spinner.tsx';
import { beginWait, useShownWait } from './waits.ts';

/**
 * The shell's one spinner for what a page waits for (spec §2: the guard shows a spinner while it
 * validates): shown only once something has kept the page waiting for SPINNER_DELAY_MS, saying what.
 */
export function WaitIndicator() {
  const label = useShownWait();
  return label ? <Spinner label={label} /> : null;
}

/** Holds a wait open while `waiting` is true and the calling component is mounted. */
export function useWait(label: string, waiting: boolean): void {
  useEffect(() => (waiting ? beginWait(label) : undefined), [label, waiting]);
}
