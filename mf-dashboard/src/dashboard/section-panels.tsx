import type { ReactNode } from 'react';
import { Link } from '@cadence/shared-router';
import { Card } from '@cadence/shared-ui';
import { type DashboardSection } from './dashboard-sections.ts';

/** One section's panel: a Card named by its h2, under the page's one h1 ("Dashboard"). */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title} className="dash-panel">
      {children}
    </Card>
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
