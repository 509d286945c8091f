import { Spinner as UiSpinner } from '@cadence/shared-ui';

/** A wait the shell shows in place of a page: centred, and it says what it waits for. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="page-spinner">
      <UiSpinner label={label} />
    </div>
  );
}
