import { linkLabel, PracticeLinkPage } from '../home/practice-link-page.tsx';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { PortalConversation } from './portal-conversation.tsx';

const T = PORTAL_TEXT.messages;

/**
 * /portal/messages (issue 32): the login's conversation with a practice — one per link, so a parent
 * writing about a child has a conversation of their own. Several links: choose whose first.
 */
export default function MessagesPage() {
  return (
    <PracticeLinkPage texts={T}>
      {(link) => <PortalConversation key={link.id} conversationId={link.id} practiceName={linkLabel(link)} />}
    </PracticeLinkPage>
  );
}
