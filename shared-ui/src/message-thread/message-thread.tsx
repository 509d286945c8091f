import { useEffect, useRef, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { Icon } from '@cadence/shared-ui';
import './message-thread.css';

export interface ThreadMessage {
  id: string;
  /** Whether the person looking sent it (their messages sit on the right). */
  mine: boolean;
  /** Who sent it, as the reader should see it ("You", "Calm Waters Therapy", "Ada L."). */
  sender: string;
  body: string;
  /** When it was sent, already formatted. */
  time: string;
  /** The dateTime attribute of its <time>. */
  sentAt: string;
  attachment?: { name: string; detail: string; onOpen: () => void } | null;
  /** A receipt under the reader's own message ("Read"), if any. */
  receipt?: string | null;
}

export interface MessageThreadProps {
  /** The conversation's accessible name ("Messages with Calm Waters Therapy"). */
  label: string;
  messages: readonly ThreadMessage[];
  /** What an empty conversation says. */
  empty: ReactNode;
  className?: string;
}

/**
 * A conversation, oldest first, kept scrolled to the newest. A live region announces what arrives
 * (polite: never over what the reader is typing); each message says who sent it and when.
 */
export function MessageThread({ label, messages, empty, className }: MessageThreadProps) {
  const end = useRef<HTMLLIElement>(null);
  const last = messages[messages.length - 1]?.id;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [last]);
  return (
    <section className={cx('ui-thread', className)} aria-label={label}>
      {messages.length === 0 ? <p className="ui-thread__empty">{empty}</p> : null}
      <ol className="ui-thread__list" aria-live="polite" aria-relevant="additions">
        {messages.map((m) => (
          <li key={m.id} className={cx('ui-thread__item', m.mine && 'ui-thread__item--mine')}>
            <article className="ui-thread__bubble" aria-label={`${m.sender}, ${m.time}`}>
              <p className="ui-thread__meta">
                <span className="ui-thread__sender">{m.sender}</span> <time dateTime={m.sentAt}>{m.time}</time>
              </p>
              {m.body ? <p className="ui-thread__body">{m.body}</p> : null}
              {m.attachment ? (
                <button type="button" className="ui-thread__attachment" onClick={m.attachment.onOpen}>
                  <Icon name="notes" />
                  <span>{m.attachment.name}</span>
                  <span className="ui-thread__detail">{m.attachment.detail}</span>
                </button>
              ) : null}
            </article>
            {m.receipt ? <p className="ui-thread__receipt">{m.receipt}</p> : null}
          </li>
        ))}
        <li ref={end} aria-hidden="true" className="ui-thread__end" />
      </ol>
    </section>
  );
}
