import { CLIENTS } from '../dashboard/dashboard-sections.ts';
import { SectionPanel } from '../dashboard/section-panels.tsx';

/** /dashboard/clients: the client list. */
export function ClientsPage() {
  return <SectionPanel section={CLIENTS} />;
}
