import type { FailureText } from './failure-text.ts';

/** A failed checkout or billing-portal call, announced to screen readers (spec §8 texts). */
export function BillingError({ failure }: { failure: FailureText }) {
  return (
    <div className="billing-error" role="alert">
      <p>{failure.message}</p>
      {failure.detail && <p className="billing-error-detail">{failure.detail}</p>}
    </div>
  );
}
