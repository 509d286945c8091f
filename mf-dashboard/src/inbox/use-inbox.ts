import { useEffect } from 'react';
import { listConversations, subscribeToMessaging } from '@cadence/shared-auth';
import { useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { useUserId } from '../shared/use-user-id.ts';

/** The therapist's conversations (newest first), kept current over Realtime while any /dashboard page is open. */
export function useInboxConversations() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const key = ['conversations', userId];
  useEffect(() => {
    if (!userId) return undefined;
    let stop: (() => void) | null = null;
    let alive = true;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['conversations', userId] });
    // A promise from the start, so a failure to subscribe (no config, no socket) is only logged. Read
    // again once live (the list may have loaded before the subscription was) and after each reconnect.
    Promise.resolve().then(() => subscribeToMessaging({ conversation: refresh, message: refresh, resubscribed: refresh })).then(
      (unsubscribe) => {
        if (!alive) return unsubscribe();
        stop = unsubscribe;
        return refresh();
      },
      (error: unknown) => console.error('Live inbox is unavailable', error),
    );
    return () => {
      alive = false;
      stop?.();
    };
  }, [userId, queryClient]);
  return useQuery({ queryKey: key, queryFn: listConversations, enabled: userId !== '', meta: { failure: 'Loading the inbox failed' } });
}

/** Unread messages from clients and guardians, across every conversation. */
export function useUnreadMessages(): number {
  const conversations = useInboxConversations();
  return (conversations.data ?? []).reduce((sum, c) => sum + c.therapistUnread, 0);
}
