import { PRACTICE } from '../dashboard/dashboard-sections.ts';
import { SectionPanel } from '../dashboard/section-panels.tsx';

/** /dashboard/practice: practice settings and services. */
export function PracticePage() {
  return <SectionPanel section={PRACTICE} />;
}
