import { useId, type ReactNode } from 'react';
import { Link } from '@cadence/shared-router';
import { type DashboardSection } from './dashboard-sections.ts';

export function Panel({ title, children }: { title: string; children: ReactNode }) {
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
