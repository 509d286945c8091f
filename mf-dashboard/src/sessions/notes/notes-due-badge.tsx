import { Badge } from '@cadence/shared-ui';
import { useNotesDue } from './use-notes-due.ts';

// In the dashboard's nav, so on every /dashboard route: it reads the count only, without the card's
// code (notes-due.tsx) or anything that validates.

/** The dashboard nav's count of notes to write (nothing when there are none). */
export function NotesDueBadge() {
  const due = useNotesDue();
  const total = due.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <Badge tone="warning" className="dash-nav-badge">
      {total > 99 ? '99+' : total}
      <span className="ui-visually-hidden"> notes to write</span>
    </Badge>
  );
}
