import { CLIENTS } from '../dashboard/dashboard-sections.ts';
import { SectionPanel } from '../dashboard/section-panels.tsx';

/** /dashboard/clients/:clientId: one client's profile and tabs. */
export function ClientPage() {
  return <SectionPanel section={CLIENTS} />;
}
