import { CLIENTS } from '../dashboard/dashboard-sections.ts';
import { SectionPanel } from '../dashboard/section-panels.tsx';

/** /dashboard/clients/new: the form that adds a client. */
export function NewClientPage() {
  return <SectionPanel section={CLIENTS} />;
}
