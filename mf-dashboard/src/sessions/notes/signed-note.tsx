import { useId, useState } from 'react';
import { Alert, Button, Dialog, PageHeader, Textarea, TextInput } from '@cadence/shared-ui';
import { clientDisplayName } from '../../clients/client-schema.ts';
import type { PracticeSettings } from '../../practice/practice-settings.ts';
import { formatInZone } from '../../shared/time-zone.ts';
import { SignRefusal, addAddendum } from './api/sign-note.ts';
import { NoteHeader, type NoteContext } from './note-header.tsx';
import { PrivateNoteSection } from './private-note.tsx';
import { useAddenda, useRefreshNote } from './note-queries.ts';
import { fieldLabel, NOTE_TEMPLATES, parseContent, RISK_LABELS } from './note-templates.ts';
import { noteHash, type ProgressNoteDocument } from './progress-note.ts';

interface SignedNoteProps extends NoteContext {
  note: ProgressNoteDocument;
  settings: PracticeSettings | null;
}

const signedLine = (name: string | null, credentials: string | null, at: string | null, timeZone: string) =>
  `Signed by ${[name ?? 'the therapist', credentials].filter(Boolean).join(', ')} on ${at ? formatInZone(at, timeZone, { withZoneName: true }) : 'an unknown date'}`;

/** A signed note: read-only, with Verify, its addenda, Add addendum and Print / Save as PDF. */
export function SignedNote({ note, settings, ...context }: SignedNoteProps) {
  const content = parseContent(note.content);
  const template = NOTE_TEMPLATES[note.template];
  const addenda = useAddenda(note.$id);
  const [verdict, setVerdict] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const sections = [
    ...template.fields.map((field) => ({ heading: field.label, text: content.sections[field.key] ?? '' })),
    ...Object.entries(content.sections).filter(([key]) => !template.fields.some((field) => field.key === key)).map(([key, text]) => ({ heading: fieldLabel(key), text })),
    ...content.extra,
  ].filter((section) => section.text.trim());

  const verify = async () => {
    const hash = await noteHash(note);
    setVerdict(hash === note.contentHash ? 'Verified: the note is exactly as it was signed.' : 'This note does not match its signature.');
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
        description={signedLine(note.signerName, note.signerCredentials, note.signedAt, context.timeZone)}
        actions={
          <>
            <Button onClick={() => void verify()}>Verify</Button>
            <Button onClick={() => window.print()}>Print / Save as PDF</Button>
            <Button variant="primary" onClick={() => setAdding(true)}>
              Add addendum
            </Button>
          </>
        }
      />
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
          {RISK_LABELS[note.riskLevel]}
          {note.riskDetails ? `: ${note.riskDetails}` : ''}
        </p>
        {note.interventions.length > 0 && <p>Interventions: {note.interventions.join(', ')}</p>}
        {note.goalsProgress && <p>Progress toward goals: {note.goalsProgress}</p>}
      </section>
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
      <div className="note-no-print">
        <PrivateNoteSection appointmentId={note.appointmentId} />
      </div>
      {adding && <AddendumDialog noteId={note.$id} onClose={() => setAdding(false)} />}
    </article>
  );
}

function AddendumDialog({ noteId, onClose }: { noteId: string; onClose: () => void }) {
  const formId = useId();
  const [text, setText] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshNote();
  const submit = async () => {
    if (!text.trim()) return setError('Write the addendum.');
    if (!password) return setError('Enter your password.');
    setBusy(true);
    setError(null);
    try {
      await addAddendum(noteId, text, password);
      await refresh();
      onClose();
    } catch (failure) {
      setError(failure instanceof SignRefusal || failure instanceof Error ? failure.message : 'The addendum was not added.');
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!busy}
      title="Add an addendum"
      description="An addendum is signed and dated, and can't be changed once added."
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={busy} loadingLabel="Adding…">
            Sign and add
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        {error && <Alert tone="error" title="Not added">{error}</Alert>}
        <Textarea label="Addendum" required rows={5} value={text} onChange={(event) => setText(event.target.value)} />
        <TextInput label="Your password" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
      </form>
    </Dialog>
  );
}
