import { useLayoutEffect, type RefObject } from 'react';

/** Never shorter than this, so a short window still shows a few hours to scroll through. */
const MIN_HEIGHT_PX = 320;
/** Room left under the element, so its bottom border shows. */
const BOTTOM_GAP_PX = 16;

function fit(element: HTMLElement): void {
  const top = element.getBoundingClientRect().top + window.scrollY;
  element.style.maxBlockSize = `${Math.max(MIN_HEIGHT_PX, Math.floor(window.innerHeight - top - BOTTOM_GAP_PX))}px`;
}

/**
 * Sizes a scrolling element to reach the bottom of the window from where it sits on the page
 * (issue 37: the calendar uses the height it has — ≥ 10 working hours visible at 1280×800): after
 * every render (a notice or an alert above may have moved it) and whenever the window is resized.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    if (ref.current) fit(ref.current);
  });
  useLayoutEffect(() => {
    const onResize = () => {
      if (ref.current) fit(ref.current);
    };
    window.addEventListener('resize', onResize, { passive: true });
    return () => window.removeEventListener('resize', onResize);
  }, [ref]);
}
