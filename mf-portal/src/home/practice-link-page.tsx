import { useState, type ReactNode } from 'react';
import { Link } from '@cadence/shared-router';
import { Alert, Button, EmptyState, PageHeader, Select } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { onBehalfOf, type PracticeLink } from './practice-links.ts';
import { usePracticeLinks } from './use-practice-links.ts';

export interface PracticeLinkPageTexts { back: string; title: string; intro: string; loading: string; retry: string; none: string; practice: string }

/** A link's name for choosing: the practice, and whom a guardian acts for. */
export const linkLabel = (link: PracticeLink): string => {
  const behalf = onBehalfOf(link);
  return behalf ? `${link.practiceName} · ${behalf}` : link.practiceName;
};

/**
 * A portal page about one of the login's practice links (messages, appointments): its header, the
 * links loading or failing, none yet, and — a login linked to several practices, or acting for a
 * child — a choice of whose first. `children` draws the chosen link's part; `footer` follows it.
 */
export function PracticeLinkPage({ texts: T, children, footer }: { texts: PracticeLinkPageTexts; children: (link: PracticeLink, only: boolean) => ReactNode; footer?: ReactNode }) {
  const links = usePracticeLinks();
  const [chosen, setChosen] = useState<string | null>(null);
  const all = links.data ?? [];
  const link = all.find((l) => l.id === chosen) ?? all[0];
  return (
    <div className="portal-page">
      <p><Link to="/portal">{T.back}</Link></p>
      <PageHeader title={T.title} description={T.intro} />
      {links.isPending ? <p role="status" className="portal-muted">{T.loading}</p> : null}
      {links.isError ? <Alert tone="error" action={<Button onClick={() => void links.refetch()}>{T.retry}</Button>}>{PORTAL_TEXT.home.loadFailed}</Alert> : null}
      {links.isSuccess && all.length === 0 ? <EmptyState>{T.none}</EmptyState> : null}
      {all.length > 1 ? (
        <Select label={T.practice} value={link?.id ?? ''} onChange={(e) => setChosen(e.target.value)} options={all.map((l) => ({ value: l.id, label: linkLabel(l) }))} />
      ) : null}
      {link ? children(link, all.length === 1) : null}
      {footer}
    </div>
  );
}
