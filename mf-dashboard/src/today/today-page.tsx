import { Link } from '@cadence/shared-router';
import { GET_STARTED, TODAY } from '../dashboard/dashboard-sections.ts';
import { Panel } from '../dashboard/section-panels.tsx';

/** /dashboard: the overview, and where a new practice starts. */
export function TodayPage() {
  return (
    <Panel title={TODAY.label}>
      <p>{TODAY.placeholder}</p>
      <h3 className="dash-subtitle">Get started</h3>
      <ol className="dash-checklist">
        {GET_STARTED.map((step) => (
          <li key={step.label}>
            <Link to={step.to}>{step.label}</Link>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

