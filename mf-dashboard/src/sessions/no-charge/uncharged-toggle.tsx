import { Button } from '@cadence/shared-ui';
import { useQuery } from '@cadence/shared-auth/query';
import { appointmentCountKeys } from '../../schedule/use-set-status.ts';
import { NO_CHARGE_TEXTS } from '../../schedule/no-charge.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import { countText } from '../session-filter.ts';
import { countAppointments } from './api/count-uncharged.ts';

export interface UnchargedToggleProps {
  /** Whether the list shows only attended sessions with no charge. */
  active: boolean;
  /** The filter's queries with the "Attended, no charge" ones (and no status): what the count counts. */
  countQueries: readonly string[];
  onChange: (active: boolean) => void;
}

/** All Sessions' "Attended, no charge N" filter (issue 29), its count refreshed with the status counts. */
export function UnchargedToggle({ active, countQueries, onChange }: UnchargedToggleProps) {
  const userId = useUserId();
  const count = useQuery({
    queryKey: [...appointmentCountKeys.all(userId), 'uncharged', ...countQueries],
    queryFn: () => countAppointments([...countQueries]),
    enabled: userId !== '',
    placeholderData: (previous) => previous,
    meta: { failure: 'Counting attended sessions with no charge failed' },
  });
  return (
    <Button size="sm" variant={active ? 'primary' : 'secondary'} aria-pressed={active} onClick={() => onChange(!active)}>
      {NO_CHARGE_TEXTS.filter}
      {count.data !== undefined && ' '}
      {count.data !== undefined && <span className="sessions-count">{countText(count.data)}</span>}
    </Button>
  );
}
