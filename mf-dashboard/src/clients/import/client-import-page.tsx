import { CLIENTS } from '../../dashboard/dashboard-sections.ts';
import { SectionPanel } from '../../dashboard/section-panels.tsx';

/** /dashboard/clients/import: client import from CSV. */
export function ClientImportPage() {
  return <SectionPanel section={CLIENTS} />;
}
