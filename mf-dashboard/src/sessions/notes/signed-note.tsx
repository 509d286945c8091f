import { useState } from 'react';
import { Alert, Button, PageHeader, Textarea } from '@cadence/shared-ui';
import { clientDisplayName } from '../../clients/client-schema.ts';
import type { PracticeSettings } from '../../practice/practice-settings.ts';
import { formatInZone } from '../../shared/time-zone.ts';
import { addAddendum } from './api/sign-note.ts';
import type { NoteSignature } from './api/note-signatures.ts';
import { NoteHeader, type NoteContext } from './note-header.tsx';
import { PasswordConfirmDialog } from './password-confirm-dialog.tsx';
import { PrivateNoteSection } from './private-note.tsx';
import { useAddenda, useRefreshNote } from './note-queries.ts';
import { fieldLabel, NOTE_TEMPLATES, parseContent, RISK_LABELS, RISK_NOT_ASSESSED } from './note-templates.ts';
import { hasMentalStatus, MENTAL_STATUS_TITLE, NOT_ASSESSED } from './mental-status.ts';
import { noteHash, type ProgressNoteDocument } from './progress-note.ts';
import { SignNoteDialog } from './sign-note-dialog.tsx';

interface SignedNoteProps extends NoteContext {
  note: ProgressNoteDocument;
  /** sign-note's signature of this note, holding its hash; null: the note is locked but was never signed by Cadence. */
  signature: NoteSignature | null;
  settings: PracticeSettings | null;
}

export const UNSIGNED_LOCKED = {
  title: 'This note is not signed',
  text: 'It is marked as signed, but Cadence has no signature for it, so it counts as an unsigned draft. It can’t be edited. Sign it to make it part of the record.',
} as const;

const signedLine = (name: string | null, credentials: string | null, at: string | null, timeZone: string) =>
  `Signed by ${[name ?? 'the therapist', credentials].filter(Boolean).join(', ')} on ${at ? formatInZone(at, timeZone, { withZoneName: true }) : 'an unknown date'}`;

/**
 * A locked note, read-only. Signed (its signature from sign-note found): "Signed by …", Verify, its
 * addenda, Add addendum and Print / Save as PDF. Locked without a signature (marked signed through
 * the API): a plain warning that it is not signed, and Sign note.
 */
export function SignedNote({ note, signature, settings, ...context }: SignedNoteProps) {
  const content = parseContent(note.content);
  const template = NOTE_TEMPLATES[note.template];
  const addenda = useAddenda(signature ? note.$id : '');
  const [verdict, setVerdict] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [signing, setSigning] = useState(false);
  const sections = [
    ...template.fields.map((field) => ({ heading: field.label, text: content.sections[field.key] ?? '' })),
    ...Object.entries(content.sections).filter(([key]) => !template.fields.some((field) => field.key === key)).map(([key, text]) => ({ heading: fieldLabel(key), text })),
    ...content.extra,
    // A template with the exam says when none of it was assessed, rather than leaving it unsaid.
    ...(template.mentalStatus && !hasMentalStatus(content.sections) ? [{ heading: MENTAL_STATUS_TITLE, text: NOT_ASSESSED }] : []),
  ].filter((section) => section.text.trim());

  // Recomputed from the note's text and the signature's signer and time, against the signature's hash.
  const verify = async () => {
    if (!signature) return;
    const hash = await noteHash({ ...note, signedAt: signature.signedAt, signerName: signature.signerName, signerCredentials: signature.signerCredentials });
    setVerdict(hash === signature.contentHash ? 'Verified: the note is exactly as it was signed.' : 'This note does not match its signature.');
  };

  return (
    <article className="note-signed">
      <header className="note-print-header">
        <strong>{settings?.practiceName}</strong>
        <span>{[settings?.addressLine1, settings?.addressLine2, [settings?.city, settings?.state, settings?.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</span>
        {settings?.npi && <span>NPI {settings.npi}</span>}
      </header>
      <PageHeader
        title={`Progress note: ${clientDisplayName(context.client)}`}
        description={signature ? signedLine(signature.signerName, signature.signerCredentials, signature.signedAt, context.timeZone) : 'Not signed'}
        actions={
          signature ? (
            <>
              <Button onClick={() => void verify()}>Verify</Button>
              <Button onClick={() => window.print()}>Print / Save as PDF</Button>
              <Button variant="primary" onClick={() => setAdding(true)}>
                Add addendum
              </Button>
            </>
          ) : (
            <Button variant="primary" onClick={() => setSigning(true)}>
              Sign note
            </Button>
          )
        }
      />
      {!signature && (
        <Alert tone="warning" title={UNSIGNED_LOCKED.title}>
          {UNSIGNED_LOCKED.text}
        </Alert>
      )}
      {verdict && (
        <Alert tone={verdict.startsWith('Verified') ? 'success' : 'error'} title={verdict.startsWith('Verified') ? 'Signature verified' : 'Signature does not match'}>
          {verdict}
        </Alert>
      )}
      <NoteHeader {...context} />
      <p className="note-signed__meta">
        {template.name} note · Diagnosis codes: {note.diagnosisCodes.length ? note.diagnosisCodes.join(', ') : 'none'}
      </p>
      {sections.map((section) => (
        <section key={section.heading} className="note-signed__section">
          <h2>{section.heading}</h2>
          <p>{section.text}</p>
        </section>
      ))}
      <section className="note-signed__section">
        <h2>Risk assessment</h2>
        <p>
          {note.riskLevel ? RISK_LABELS[note.riskLevel] : RISK_NOT_ASSESSED}
          {note.riskDetails ? `: ${note.riskDetails}` : ''}
        </p>
        {note.interventions.length > 0 && <p>Interventions: {note.interventions.join(', ')}</p>}
        {note.goalsProgress && <p>Progress toward goals: {note.goalsProgress}</p>}
      </section>
      {signature && (
        <section className="note-signed__addenda" aria-labelledby="addenda-heading">
          <h2 id="addenda-heading">Addenda</h2>
          {addenda.data?.length ? (
            <ol>
              {addenda.data.map((addendum) => (
                <li key={addendum.$id}>
                  <p>{addendum.text}</p>
                  <p className="note-signed__meta">{signedLine(addendum.signerName, addendum.signerCredentials, addendum.signedAt, context.timeZone)}</p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="note-signed__meta">{addenda.isPending ? 'Loading addenda…' : 'No addenda.'}</p>
          )}
        </section>
      )}
      <div className="note-no-print">
        <PrivateNoteSection appointmentId={note.appointmentId} />
      </div>
      {adding && <AddendumDialog noteId={note.$id} onClose={() => setAdding(false)} />}
      {signing && <SignNoteDialog prepare={() => Promise.resolve(note.$id)} clientName={clientDisplayName(context.client)} onClose={() => setSigning(false)} />}
    </article>
  );
}

function AddendumDialog({ noteId, onClose }: { noteId: string; onClose: () => void }) {
  const [text, setText] = useState('');
  const refresh = useRefreshNote();
  return (
    <PasswordConfirmDialog
      title="Add an addendum"
      description="An addendum is signed and dated, and can't be changed once added."
      confirmLabel="Sign and add"
      busyLabel="Adding…"
      failureTitle="Not added"
      fallbackError="The addendum was not added."
      check={() => (text.trim() ? null : 'Write the addendum.')}
      onConfirm={async (password) => {
        await addAddendum(noteId, text, password);
        await refresh();
      }}
      onClose={onClose}
    >
      <Textarea label="Addendum" required rows={5} value={text} onChange={(event) => setText(event.target.value)} />
    </PasswordConfirmDialog>
  );
}
