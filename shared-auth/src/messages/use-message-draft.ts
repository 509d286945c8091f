import { useState } from 'react';
import { FunctionRefusedError } from '../client/functions.ts';
import { isAppError } from '../client/errors.ts';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, MESSAGE_MAX } from './messages.ts';

/** The composer's own sentences (each side words them). */
export interface MessageDraftTexts {
  tooLong: string;
  empty: string;
  badFile: string;
  sendFailed: string;
}

/**
 * The message composer's state and its submit, one for the Inbox and the portal: checks the draft
 * as the function would, sends it, and on success clears it; on a refusal keeps what was typed and
 * shows the function's own sentence (or the side's). `onRefused` hears a refusal's status (409: messaging
 * was turned off meanwhile).
 */
export function useMessageDraft(send: (body: string, file: File | null) => Promise<unknown>, texts: MessageDraftTexts, onRefused?: (status: number) => void) {
  const [draft, setDraft] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (draft.length > MESSAGE_MAX) return setError(texts.tooLong);
    if (!draft.trim() && !file) return setError(texts.empty);
    if (file && file.size > ATTACHMENT_MAX_BYTES) return setError(texts.badFile);
    setSending(true);
    setError(null);
    try {
      await send(draft, file);
      setDraft('');
      setFile(null);
    } catch (e) {
      if (e instanceof FunctionRefusedError && e.reason) setError(e.reason);
      else if (isAppError(e) && e.type.startsWith('storage_')) setError(texts.badFile);
      else setError(texts.sendFailed);
      if (e instanceof FunctionRefusedError) onRefused?.(e.status);
    } finally {
      setSending(false);
    }
  };

  /** What shared-ui's MessageComposer takes from the draft: `<MessageComposer {...composer} notice={…} labels={…} />`. */
  const composer = { value: draft, onChange: setDraft, file, onFile: setFile, onSend: () => void submit(), sending, error, accept: ATTACHMENT_ACCEPT };
  return { draft, setDraft, file, setFile, sending, error, setError, submit, composer };
}
