import { useEffect, useState, type RefObject } from 'react';
import { STICKY_BAR_THRESHOLD_PX } from '../constants.ts';

/** spec §2: the bar shows once the heading's top is within `threshold` px of the viewport top (or above it). */
export function shouldShowStickyBar(headingTop: number, threshold: number): boolean {
  return headingTop <= threshold;
}

/**
 * Whether the 'Latest: {version}' bar should show, measured against the first h2 inside `notesRef`.
 * Listens in the capture phase on window so it also hears scrolls of any inner scroll container.
 */
export function useStickyBar(notesRef: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const heading = enabled ? notesRef.current?.querySelector('h2') : null;
    if (!heading) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      setVisible(shouldShowStickyBar(heading.getBoundingClientRect().top, STICKY_BAR_THRESHOLD_PX));
    };
    const scheduleMeasure = () => {
      if (frame === 0) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', scheduleMeasure, { capture: true, passive: true });
    window.addEventListener('resize', scheduleMeasure, { passive: true });
    return () => {
      window.removeEventListener('scroll', scheduleMeasure, { capture: true });
      window.removeEventListener('resize', scheduleMeasure);
      if (frame !== 0) window.cancelAnimationFrame(frame);
      setVisible(false);
    };
  }, [notesRef, enabled]);

  return enabled && visible;
}
