import { useId, type ReactNode } from 'react';
import { Link } from '@cadence/shared-router';
import { GET_STARTED, TODAY, type DashboardSection } from './dashboard-sections.ts';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="dash-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}

/** A section the practice has not filled yet: its placeholder sentence. */
export function SectionPanel({ section }: { section: DashboardSection }) {
  return (
    <Panel title={section.label}>
      <p>{section.placeholder}</p>
    </Panel>
  );
}

/** /dashboard: the overview, and where a new practice starts. */
export function TodayPanel() {
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

/** A path under /dashboard that no section owns. */
export function SectionNotFound() {
  return (
    <Panel title="Page not found">
      <p>
        There is no dashboard page here. <Link to="/dashboard">Back to Today</Link>
      </p>
    </Panel>
  );
}
