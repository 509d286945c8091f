import { useEffect } from 'react';
import { useLocation } from '@cadence/shared-router';

/** Spec §2: the page scrolls to the top on every path change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
