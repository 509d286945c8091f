import { Alert, Button } from '@cadence/shared-ui';

/** A failed load on any dashboard screen: what failed, and Retry. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert tone="error" title={what} action={<Button onClick={onRetry}>Retry</Button>}>
      Check your connection and try again.
    </Alert>
  );
}
