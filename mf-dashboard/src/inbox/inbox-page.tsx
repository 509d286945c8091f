import { useEffect, useState } from 'react';
import {
  CRISIS_NOTICE, downloadAttachment, fileSize, formatDateTime, readByOtherSide, saveFile, useConversation, useMessageDraft,
} from '@cadence/shared-auth';
import { useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { useSearchParams } from '@cadence/shared-router';
import { Alert, Badge, Button, EmptyState, PageHeader, Select } from '@cadence/shared-ui';
import { Switch } from '@cadence/shared-ui/bundled';
import { MessageComposer, MessageThread } from '@cadence/shared-ui/messages';
import { useUserId } from '../shared/use-user-id.ts';
import { getClientMessagingOff, getMessagingSettings, listInboxPeople, saveMessagingSettings, setClientMessagingOff, type InboxPerson } from './inbox-api.ts';
import { useInboxConversations } from './use-inbox.ts';
import './inbox.css';

export const INBOX_TEXT = {
  title: 'Inbox',
  intro: 'Secure messages with your clients and their parents or guardians. Only you and the person you write to can read them.',
  conversations: 'Conversations',
  none: 'No messages yet. Choose a client below to write the first one.',
  writeTo: 'Write to',
  choose: 'Choose a client…',
  loadFailed: 'The inbox could not be loaded.',
  retry: 'Try again',
  practiceSwitch: 'Messaging in the client portal',
  practiceHint: 'Off: nobody can send new messages, neither you nor your clients; the portal tells them messaging is turned off.',
  replyWithin: 'I reply within',
  replyNone: 'Don’t say',
  days: (n: number) => `${n} business ${n === 1 ? 'day' : 'days'}`,
  clientSwitch: (name: string) => `Messaging with ${name}`,
  clientHint: 'Off: they can read what you send but can’t reply; the portal tells them messaging is turned off for them.',
  clientOff: (name: string) => `Messaging is turned off for ${name}: they can read what you send, but can’t reply. Turn it on above to let them write.`,
  practiceOff: 'Messaging is turned off for your practice: neither you nor your clients can send messages. Turn it on above to write.',
  thread: (name: string) => `Messages with ${name}`,
  empty: 'No messages yet.',
  you: 'You',
  read: 'Read',
  message: 'Message',
  hint: 'Up to 10,000 characters. Press Ctrl+Enter to send.',
  attach: 'Attach a file (optional)',
  attachHint: 'A PDF or an image, up to 20 MB.',
  remove: 'Remove',
  send: 'Send',
  sending: 'Sending…',
  tooLong: 'Messages can be up to 10,000 characters.',
  emptyMessage: 'Write a message or attach a file.',
  badFile: 'Attach a PDF or an image (PNG, JPEG, GIF or WebP) up to 20 MB.',
  sendFailed: 'The message could not be sent. Please try again.',
  openFailed: 'The attachment could not be opened. Please try again.',
  saveFailed: 'The setting could not be saved. Please try again.',
  unread: (n: number) => `${n} unread`,
};
const T = INBOX_TEXT;

/** /dashboard/inbox (issue 32): every conversation with its unread count, one open (?c=<id>), and the messaging switches. */
export function InboxPage() {
  const userId = useUserId();
  const [params, setParams] = useSearchParams();
  const conversations = useInboxConversations();
  const people = useQuery({ queryKey: ['inbox-people', userId], queryFn: () => listInboxPeople(userId), enabled: userId !== '', meta: { failure: 'Loading portal clients failed' } });
  const byId = new Map((people.data ?? []).map((p) => [p.accessId, p]));
  const selected = params.get('c');
  const open = (id: string) => setParams({ c: id });
  const person = selected ? byId.get(selected) : undefined;

  return (
    <div className="inbox">
      <PageHeader title={T.title} description={T.intro} />
      <PracticeMessaging userId={userId} />
      {conversations.isError || people.isError ? (
        <Alert tone="error" action={<Button onClick={() => { void conversations.refetch(); void people.refetch(); }}>{T.retry}</Button>}>{T.loadFailed}</Alert>
      ) : null}
      <div className="inbox__layout">
        <nav className="inbox__list" aria-label={T.conversations}>
          <h2>{T.conversations}</h2>
          {conversations.isSuccess && conversations.data.length === 0 ? <EmptyState>{T.none}</EmptyState> : null}
          <ul>
            {(conversations.data ?? []).map((c) => (
              <li key={c.id}>
                <button type="button" className="inbox__item" aria-current={c.id === selected ? 'true' : undefined} onClick={() => open(c.id)}>
                  <span>{byId.get(c.id)?.label ?? 'Client'}</span>
                  {c.lastMessageAt ? <span className="inbox__when">{formatDateTime(c.lastMessageAt)}</span> : null}
                  {c.therapistUnread > 0 ? <Badge tone="info">{T.unread(c.therapistUnread)}</Badge> : null}
                </button>
              </li>
            ))}
          </ul>
          <Select
            label={T.writeTo}
            value=""
            onChange={(e) => e.target.value && open(e.target.value)}
            options={[{ value: '', label: T.choose }, ...(people.data ?? []).map((p) => ({ value: p.accessId, label: p.label }))]}
          />
        </nav>
        {selected && person ? <InboxConversation key={selected} person={person} /> : null}
      </div>
    </div>
  );
}

function PracticeMessaging({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['messaging-settings', userId], queryFn: () => getMessagingSettings(userId), enabled: userId !== '', meta: { failure: 'Loading messaging settings failed' } });
  const [error, setError] = useState<string | null>(null);
  const s = settings.data;
  if (!s?.settingsId) return null;
  const save = (data: { messagingEnabled?: boolean; replyWithinDays?: number | null }) => {
    setError(null);
    saveMessagingSettings(s.settingsId ?? '', data).then(
      () => queryClient.invalidateQueries({ queryKey: ['messaging-settings', userId] }),
      (e: unknown) => {
        console.error('Saving messaging settings failed', e);
        setError(T.saveFailed);
      },
    );
  };
  return (
    <section className="inbox__settings" aria-label="Messaging settings">
      <Switch label={T.practiceSwitch} hint={T.practiceHint} checked={s.enabled} onChange={(e) => save({ messagingEnabled: e.target.checked })} />
      <Select
        label={T.replyWithin}
        value={s.replyWithinDays ? String(s.replyWithinDays) : ''}
        onChange={(e) => save({ replyWithinDays: e.target.value ? Number(e.target.value) : null })}
        options={[{ value: '', label: T.replyNone }, ...[1, 2, 3, 5].map((n) => ({ value: String(n), label: T.days(n) }))]}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
    </section>
  );
}

function InboxConversation({ person }: { person: InboxPerson }) {
  const userId = useUserId();
  const { load, messages, conversation, send, retry } = useConversation(person.accessId, 'therapist');
  const settings = useQuery({ queryKey: ['messaging-settings', userId], queryFn: () => getMessagingSettings(userId), enabled: userId !== '' });
  const [clientOff, setClientOff] = useState<boolean | null>(null);
  const { setError, composer } = useMessageDraft(send, {
    tooLong: T.tooLong, empty: T.emptyMessage, badFile: T.badFile, sendFailed: T.sendFailed,
  }, (status) => {
    if (status === 409) void settings.refetch();
  });

  useEffect(() => {
    let alive = true;
    getClientMessagingOff(person.clientId).then((off) => alive && setClientOff(off), (e: unknown) => console.error('Loading the client failed', e));
    return () => { alive = false; };
  }, [person.clientId]);

  const toggleClient = (on: boolean) => {
    setClientOff(!on);
    setClientMessagingOff(person.clientId, !on).catch((e: unknown) => {
      console.error('Saving the client’s messaging failed', e);
      setClientOff(on);
      setError(T.saveFailed);
    });
  };

  const openFile = (id: string) => {
    const message = messages.find((m) => m.id === id);
    if (!message?.attachment) return;
    const name = message.attachment.name;
    downloadAttachment(message).then((blob) => saveFile(blob, name), (e: unknown) => {
      console.error('Attachment failed to open', e);
      setError(T.openFailed);
    });
  };

  const practiceOn = settings.data?.enabled !== false;
  const lastMine = [...messages].reverse().find((m) => m.senderRole === 'therapist');
  return (
    <section className="inbox__conversation" aria-labelledby="inbox-conversation-title">
      <h2 id="inbox-conversation-title">{person.label}</h2>
      {clientOff !== null ? <Switch label={T.clientSwitch(person.label)} hint={T.clientHint} checked={!clientOff} onChange={(e) => toggleClient(e.target.checked)} /> : null}
      {load.kind === 'loading' ? <p role="status">Loading…</p> : null}
      {load.kind === 'failed' ? <Alert tone="error" action={<Button onClick={retry}>{T.retry}</Button>}>{T.loadFailed}</Alert> : null}
      {load.kind === 'ready' ? (
        <MessageThread
          label={T.thread(person.label)}
          empty={T.empty}
          messages={messages.map((m) => {
            const mine = m.senderRole === 'therapist';
            return {
              id: m.id, mine, sender: mine ? T.you : person.label, body: m.body, sentAt: m.sentAt, time: formatDateTime(m.sentAt),
              attachment: m.attachment ? { name: m.attachment.name, detail: fileSize(m.attachment.size), onOpen: () => openFile(m.id) } : null,
              receipt: m.id === lastMine?.id && readByOtherSide(m, conversation, 'therapist') ? T.read : null,
            };
          })}
        />
      ) : null}
      {practiceOn && clientOff ? <Alert tone="info">{T.clientOff(person.label)}</Alert> : null}
      {!practiceOn ? (
        <Alert tone="info">{T.practiceOff}</Alert>
      ) : (
        <MessageComposer {...composer} notice={<Alert tone="warning">{CRISIS_NOTICE}</Alert>} labels={T} />
      )}
    </section>
  );
}
