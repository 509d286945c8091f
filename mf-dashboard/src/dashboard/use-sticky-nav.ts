import { useEffect, useState, type RefObject } from 'react';

export interface StickyNavState {
  /** The page has scrolled past the nav's place: on mobile it is pinned to the viewport top. */
  stuck: boolean;
  /** The nav's height, kept by its slot while it is pinned so the content below does not jump. */
  reservedHeight: number;
}

/**
 * spec §2: on mobile the section nav becomes sticky after scrolling. Pinning is done with a class
 * (position: fixed in dashboard.css) rather than `position: sticky` alone, because sticky would stop
 * at the end of the short dashboard layout that contains the nav.
 */
export function useStickyNav(
  slotRef: RefObject<HTMLElement | null>,
  navRef: RefObject<HTMLElement | null>,
): StickyNavState {
  const [state, setState] = useState<StickyNavState>({ stuck: false, reservedHeight: 0 });

  useEffect(() => {
    const slot = slotRef.current;
    const nav = navRef.current;
    if (!slot || !nav) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const stuck = slot.getBoundingClientRect().top < 0;
      setState((previous) => {
        const reservedHeight = stuck ? previous.reservedHeight : nav.offsetHeight;
        return previous.stuck === stuck && previous.reservedHeight === reservedHeight
          ? previous
          : { stuck, reservedHeight };
      });
    };
    const scheduleMeasure = () => {
      if (frame === 0) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', scheduleMeasure, { passive: true });
    window.addEventListener('resize', scheduleMeasure, { passive: true });
    return () => {
      window.removeEventListener('scroll', scheduleMeasure);
      window.removeEventListener('resize', scheduleMeasure);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [slotRef, navRef]);

  return state;
}
