import { useState } from 'react';
import { Link } from '@cadence/shared-router';
import { Alert, Button, EmptyState, PageHeader, Select } from '@cadence/shared-ui';
import { onBehalfOf } from '../home/practice-links.ts';
import { usePracticeLinks } from '../home/use-practice-links.ts';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { PortalConversation } from './portal-conversation.tsx';

const T = PORTAL_TEXT.messages;

/**
 * /portal/messages (issue 32): the login's conversation with a practice — one per link, so a parent
 * writing about a child has a conversation of their own. Several links: choose whose first.
 */
export default function MessagesPage() {
  const links = usePracticeLinks();
  const [chosen, setChosen] = useState<string | null>(null);
  const all = links.data ?? [];
  const link = all.find((l) => l.id === chosen) ?? all[0];
  const label = (l: (typeof all)[number]) => (onBehalfOf(l) ? `${l.practiceName} · ${onBehalfOf(l) ?? ''}` : l.practiceName);
  return (
    <div className="portal-page">
      <p><Link to="/portal">{T.back}</Link></p>
      <PageHeader title={T.title} description={T.intro} />
      {links.isPending ? <p role="status" className="portal-muted">{T.loading}</p> : null}
      {links.isError ? <Alert tone="error" action={<Button onClick={() => void links.refetch()}>{T.retry}</Button>}>{PORTAL_TEXT.home.loadFailed}</Alert> : null}
      {links.isSuccess && all.length === 0 ? <EmptyState>{T.none}</EmptyState> : null}
      {all.length > 1 ? (
        <Select label={T.practice} value={link?.id ?? ''} onChange={(e) => setChosen(e.target.value)} options={all.map((l) => ({ value: l.id, label: label(l) }))} />
      ) : null}
      {link ? <PortalConversation key={link.id} conversationId={link.id} practiceName={label(link)} /> : null}
    </div>
  );
}
