import { useEffect, useState } from 'react';
import {
  CRISIS_NOTICE, downloadAttachment, fileSize, formatDateTime, messagingStatus, readByOtherSide, saveFile, useConversation, useMessageDraft,
  type MessagingStatus,
} from '@cadence/shared-auth';
import { Alert, Button } from '@cadence/shared-ui';
import { MessageComposer, MessageThread } from '@cadence/shared-ui/messages';
import { PORTAL_TEXT } from '../portal-texts.ts';

const T = PORTAL_TEXT.messages;

/** The conversation itself: the thread, live; the practice's reply time or why messaging is off; the composer under the crisis notice. */
export function PortalConversation({ conversationId, practiceName }: { conversationId: string; practiceName: string }) {
  const { load, messages, conversation, send, retry } = useConversation(conversationId, 'client');
  const [status, setStatus] = useState<MessagingStatus | null>(null);
  // What was typed stays in the box when sending fails; a 409 means messaging was turned off meanwhile.
  const { setError, composer } = useMessageDraft(send, {
    tooLong: T.tooLong, empty: T.empty_, badFile: T.tooBig, sendFailed: T.sendFailed,
  }, (refused) => {
    if (refused === 409) messagingStatus(conversationId).then(setStatus, () => undefined);
  });

  useEffect(() => {
    let alive = true;
    messagingStatus(conversationId).then((s) => alive && setStatus(s), (e: unknown) => console.error('Messaging status failed to load', e));
    return () => { alive = false; };
  }, [conversationId]);

  const open = (id: string) => {
    const message = messages.find((m) => m.id === id);
    if (!message?.attachment) return;
    const name = message.attachment.name;
    downloadAttachment(message).then((blob) => saveFile(blob, name), (e: unknown) => {
      console.error('Attachment failed to open', e);
      setError(T.openFailed);
    });
  };

  const lastMine = [...messages].reverse().find((m) => m.senderRole !== 'therapist');
  return (
    <div className="portal-stack">
      {load.kind === 'loading' ? <p role="status" className="portal-muted">{T.loading}</p> : null}
      {load.kind === 'failed' ? <Alert tone="error" action={<Button onClick={retry}>{T.retry}</Button>}>{T.failed}</Alert> : null}
      {load.kind === 'ready' ? (
        <MessageThread
          label={T.thread(practiceName)}
          empty={T.empty}
          messages={messages.map((m) => {
            const mine = m.senderRole !== 'therapist';
            return {
              id: m.id, mine, sender: mine ? T.you : status?.practiceName || practiceName, body: m.body, sentAt: m.sentAt, time: formatDateTime(m.sentAt),
              attachment: m.attachment ? { name: m.attachment.name, detail: fileSize(m.attachment.size), onOpen: () => open(m.id) } : null,
              receipt: m.id === lastMine?.id && readByOtherSide(m, conversation, 'client') ? T.read : null,
            };
          })}
        />
      ) : null}
      {status?.replyWithinDays && status.on ? <p className="portal-muted">{T.replyWithin(status.replyWithinDays)}</p> : null}
      {status && !status.on ? (
        <Alert tone="info" title={T.offTitle}>{status.message}</Alert>
      ) : (
        <MessageComposer {...composer} notice={<Alert tone="warning">{CRISIS_NOTICE}</Alert>} labels={T} />
      )}
    </div>
  );
}
