import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the page has scrolled and the element sits at the top of the viewport (held there by
 * its `position: sticky`), so the mobile section nav can show that it is stuck.
 */
export function useStuck(ref: RefObject<HTMLElement | null>): boolean {
  const [stuck, setStuck] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      setStuck(window.scrollY > 0 && element.getBoundingClientRect().top <= 0);
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
  }, [ref]);

  return stuck;
}
