import { Alert } from '@cadence/shared-ui';
import type { FailureText } from './failure-text.ts';

/** A failed checkout or billing-portal call, announced to screen readers (spec §8 texts). */
export function BillingError({ failure }: { failure: FailureText }) {
  return (
    <Alert tone="error" title={failure.message} className="billing-error">
      {failure.detail && <p className="billing-error-detail">{failure.detail}</p>}
    </Alert>
  );
}
