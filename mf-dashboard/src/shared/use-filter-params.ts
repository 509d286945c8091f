import { useCallback } from 'react';
import { useSearchParams } from '@cadence/shared-router';

/**
 * A list's filters kept in the address (ids, never names): the current search params, and an
 * update that sets or clears each changed filter under its parameter name (`names`), replacing the
 * history entry, and goes back to the first page unless the change is the page itself.
 */
export function useFilterParams<F extends object>(names: Readonly<Record<keyof F, string>>) {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Partial<Record<keyof F | 'page', string>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [field, value] of Object.entries(changes) as Array<[keyof F | 'page', string | undefined]>) {
            const name = field === 'page' ? 'page' : names[field];
            if (value) next.set(name, value);
            else next.delete(name);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams, names],
  );
  return [params, update] as const;
}
