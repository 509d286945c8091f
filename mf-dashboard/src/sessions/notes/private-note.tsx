import { memo, useEffect, useRef, useState } from 'react';
import { Textarea } from '@cadence/shared-ui';
import { useQuery } from '@cadence/shared-auth/query';
import { useUserId } from '../../shared/use-user-id.ts';
import { getPrivateNote, savePrivateNote } from './api/private-note.ts';

const SAVE_DELAY_MS = 1000;

/**
 * Psychotherapy notes: the therapist's process notes for this session, clearly apart from the
 * progress note — never on the client's record, in superbills, statements or exports unless asked.
 */
export const PrivateNoteSection = memo(function PrivateNoteSection({ appointmentId }: { appointmentId: string }) {
  const userId = useUserId();
  const stored = useQuery({
    queryKey: ['private-notes', userId, appointmentId],
    queryFn: () => getPrivateNote(userId, appointmentId),
    enabled: userId !== '',
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  return (
    <section className="note-private" aria-labelledby="private-note-heading">
      <h2 id="private-note-heading">Psychotherapy notes (private)</h2>
      <p className="note-signed__meta">Kept apart from the record: never shown on the client’s summary and left out of superbills, statements and exports unless you ask for them.</p>
      {stored.isPending ? <p className="note-signed__meta">Loading…</p> : <PrivateNoteText key={stored.data?.$id ?? 'new'} appointmentId={appointmentId} noteId={stored.data?.$id ?? null} initial={stored.data?.text ?? ''} />}
    </section>
  );
});

function PrivateNoteText({ appointmentId, noteId, initial }: { appointmentId: string; noteId: string | null; initial: string }) {
  const userId = useUserId();
  const [text, setText] = useState(initial);
  const [state, setState] = useState<'saved' | 'saving' | 'failed'>('saved');
  const id = useRef(noteId);
  useEffect(() => {
    if (text === initial && id.current === noteId) return undefined;
    const timer = setTimeout(() => {
      setState('saving');
      savePrivateNote(userId, appointmentId, id.current, text)
        .then((saved) => {
          id.current = saved.$id;
          setState('saved');
        })
        .catch(() => setState('failed'));
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [appointmentId, initial, noteId, text, userId]);
  return (
    <Textarea
      label="Private notes"
      rows={4}
      value={text}
      hint={state === 'saving' ? 'Saving…' : state === 'failed' ? 'Not saved — check your connection; it will be tried again as you type.' : 'Saved as you type.'}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
