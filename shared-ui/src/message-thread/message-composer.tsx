import { useId, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
// The primitives come from the package root: in a remote that is the one shared copy.
import { Button, Textarea } from '@cadence/shared-ui';
import './message-thread.css';

export interface MessageComposerProps {
  /** Shown above the composer, always (the crisis line notice). */
  notice: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The file to send with the message, if one is chosen. */
  file: File | null;
  onFile: (file: File | null) => void;
  onSend: () => void;
  sending: boolean;
  /** Why the last send failed, or what is wrong with what is typed. */
  error?: ReactNode;
  labels: { message: string; hint: string; attach: string; attachHint: string; remove: string; send: string; sending: string };
  /** The file input's accept list (".pdf,image/png,…"). */
  accept: string;
}

/** A message box with an attachment and Send; Ctrl+Enter (⌘+Enter) sends too. Nothing typed is lost on a failed send. */
export function MessageComposer({ notice, value, onChange, file, onFile, onSend, sending, error, labels, accept }: MessageComposerProps) {
  const fileId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!sending) onSend();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !sending) {
      e.preventDefault();
      onSend();
    }
  };
  return (
    <form className="ui-composer" onSubmit={submit} noValidate>
      <div className="ui-composer__notice">{notice}</div>
      <Textarea label={labels.message} hint={labels.hint} error={error} value={value} rows={4} onChange={(e) => onChange(e.target.value)} onKeyDown={onKeyDown} />
      <div className="ui-composer__row">
        <div className="ui-composer__file">
          <label htmlFor={fileId}>{labels.attach}</label>
          <input
            ref={input}
            id={fileId}
            type="file"
            accept={accept}
            aria-describedby={hintId}
            onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          />
          <span id={hintId} className="ui-composer__hint">{labels.attachHint}</span>
          {file ? (
            <Button
              variant="quiet"
              size="sm"
              onClick={() => {
                onFile(null);
                if (input.current) input.current.value = '';
              }}
            >
              {`${labels.remove} ${file.name}`}
            </Button>
          ) : null}
        </div>
        <Button type="submit" variant="primary" loading={sending} loadingLabel={labels.sending}>{labels.send}</Button>
      </div>
    </form>
  );
}
