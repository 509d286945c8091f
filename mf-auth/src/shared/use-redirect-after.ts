import { useEffect } from 'react';
import { useNavigate } from '@cadence/shared-router';

/** Navigates to `to` once `delayMs` has passed; nothing while `to` is null. */
export function useRedirectAfter(to: string | null, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (to === null) return undefined;
    const timer = setTimeout(() => navigate(to), delayMs);
    return () => clearTimeout(timer);
  }, [to, delayMs, navigate]);
}
