import { useCallback, useEffect, useState } from 'react';
import {
  getConversation, listMessages, markConversationRead, sendMessage, subscribeToMessaging, type Conversation, type Message, type Side,
} from './messages.ts';

export type ConversationLoad = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready' };

/**
 * One conversation, live: its messages (oldest first) and its read times, updated over Realtime
 * while the page is open; what arrives from the other side while the page is visible is marked read
 * at once (that is the read receipt the other side sees).
 */
export function useConversation(conversationId: string | null, side: Side) {
  const [load, setLoad] = useState<ConversationLoad>({ kind: 'loading' });
  const [messages, setMessages] = useState<Message[]>([]);
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [attempt, setAttempt] = useState(0);

  const markRead = useCallback(() => {
    if (!conversationId || document.visibilityState === 'hidden') return;
    markConversationRead(conversationId).catch((error: unknown) => console.error('Marking the conversation read failed', error));
  }, [conversationId]);

  useEffect(() => {
    if (!conversationId) return undefined;
    let alive = true;
    let stop: (() => void) | null = null;
    const add = (message: Message) => setMessages((list) => (list.some((m) => m.id === message.id) ? list : [...list, message].sort((a, b) => a.sentAt.localeCompare(b.sentAt))));
    const read = () => Promise.all([listMessages(conversationId), getConversation(conversationId)]);
    // Subscribe first (subscribeLive resolves once the server has the subscription), then read:
    // nothing sent in between is missed (duplicates are merged by id); after a dropped socket, again.
    Promise.resolve().then(() => subscribeToMessaging({
      resubscribed: () => {
        read().then(([list, found]) => {
          if (!alive) return;
          list.forEach(add);
          setConversation(found);
        }, (error: unknown) => console.error('Messages failed to load', error));
      },
      message: (message) => {
        if (message.conversationId !== conversationId) return;
        add(message);
        const fromOtherSide = side === 'therapist' ? message.senderRole !== 'therapist' : message.senderRole === 'therapist';
        if (fromOtherSide) markRead();
      },
      conversation: (changed) => {
        if (changed.id === conversationId) setConversation(changed);
      },
    })).then(
      (unsubscribe) => {
        if (alive) stop = unsubscribe;
        else unsubscribe();
      },
      (error: unknown) => console.error('Live messages are unavailable', error),
    ).then(read).then(
      ([list, found]) => {
        if (!alive) return;
        list.forEach(add);
        setConversation(found);
        setLoad({ kind: 'ready' });
        markRead();
      },
      (error: unknown) => {
        console.error('Messages failed to load', error);
        if (alive) setLoad({ kind: 'failed' });
      },
    );
    return () => {
      alive = false;
      stop?.();
    };
  }, [conversationId, side, attempt, markRead]);

  const send = useCallback(async (body: string, file: File | null) => {
    if (!conversationId) return;
    const sent = await sendMessage(conversationId, body, file);
    if (sent) setMessages((list) => (list.some((m) => m.id === sent.id) ? list : [...list, sent]));
  }, [conversationId]);

  // One conversation per mount (the pages key it by id); Retry reads it again.
  const retry = () => {
    setLoad({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { load, messages, conversation, send, retry };
}
