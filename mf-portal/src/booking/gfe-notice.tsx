import { useId } from 'react';
import { GFE_NOTICE } from '../../../backend/functions/lib/good-faith-estimate.js';

/**
 * The standard notice of the right to a Good Faith Estimate (No Surprises Act; CMS-10791 Appendix 1,
 * word for word), where clients schedule: the public booking page and the portal's booking.
 */
export function GfeNotice() {
  const id = useId();
  return (
    <section aria-labelledby={id} className="portal-notice">
      <h2 id={id} className="portal-subheading">{GFE_NOTICE.title}</h2>
      <p><strong>{GFE_NOTICE.heading}</strong></p>
      {GFE_NOTICE.paragraphs.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
    </section>
  );
}
