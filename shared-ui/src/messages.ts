// @cadence/shared-ui/messages: the message thread and composer (issue 32), used by the therapist's
// Inbox and the client's portal only. Not part of the shared singleton every route loads (its budget
// is test/bundle-size.test.ts): each of the two remotes bundles this with its page, and a therapist
// and a client never have both on one page.
export { MessageThread, type MessageThreadProps, type ThreadMessage } from './message-thread/message-thread.tsx';
export { MessageComposer, type MessageComposerProps } from './message-thread/message-composer.tsx';
