import { Badge } from '@cadence/shared-ui';
import { useOpenAlerts } from './use-measures.ts';

// In the dashboard's nav, so on every /dashboard route: the count only, without the alerts card's
// code (measure-alerts.tsx) or the client model it names clients with.

/** The nav's badge on Today while any alert is open. */
export function MeasureAlertsBadge() {
  const alerts = useOpenAlerts();
  const total = alerts.data?.length ?? 0;
  if (total === 0) return null;
  return (
    <Badge tone="danger" className="dash-nav-badge">
      {total > 99 ? '99+' : total}
      <span className="ui-visually-hidden">{` ${total === 1 ? 'alert' : 'alerts'} to acknowledge`}</span>
    </Badge>
  );
}
