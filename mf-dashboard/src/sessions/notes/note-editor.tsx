import { memo, useCallback, useId, useLayoutEffect, useMemo, useState, type ChangeEvent } from 'react';
import { Alert, Button, Checkbox, PageHeader, RadioGroup, Select, Textarea } from '@cadence/shared-ui';
import { clientDisplayName } from '../../clients/client-schema.ts';
import type { PracticeSettings } from '../../practice/practice-settings.ts';
import { DiagnosisCodesField } from '../../shared/diagnoses/diagnosis-codes-field.tsx';
import { MentalStatusExam } from './mental-status-exam.tsx';
import { MENTAL_STATUS_DOMAINS, mentalStatusKey, withFinding } from './mental-status.ts';
import { NoteHeader, type NoteContext } from './note-header.tsx';
import { NOTE_MESSAGES, notReadyToSign, riskDetailsMissing } from './note-readiness.ts';
import { useLastSignedNote } from './note-queries.ts';
import {
  fieldLabel,
  hasText,
  INTERVENTIONS,
  isNoteTemplate,
  NOTE_TEMPLATE_IDS,
  NOTE_TEMPLATES,
  parseContent,
  RISK_LABELS,
  RISK_LEVELS,
  serializeContent,
  switchTemplate,
  type NoteContent,
  type RiskLevel,
} from './note-templates.ts';
import type { NoteDraftFields, ProgressNoteDocument } from './progress-note.ts';
import { PrivateNoteSection } from './private-note.tsx';
import { SignNoteDialog } from './sign-note-dialog.tsx';
import { SAVE_STATE_TEXT, useNoteDraft } from './use-note-draft.ts';


interface NoteEditorProps extends NoteContext {
  userId: string;
  server: ProgressNoteDocument | null;
  settings: PracticeSettings | null;
}

function freshFields(settings: PracticeSettings | null, diagnosisCodes: readonly string[]): NoteDraftFields {
  const template = settings?.defaultNoteTemplate && isNoteTemplate(settings.defaultNoteTemplate) ? settings.defaultNoteTemplate : 'soap';
  return { template, content: serializeContent({ sections: {}, extra: [] }), riskLevel: null, riskDetails: null, interventions: [], goalsProgress: null, diagnosisCodes: [...diagnosisCodes] };
}

/** The content last written by typing, as text and as the object it came from (one entry). */
let lastStored: { text: string; content: NoteContent } | null = null;

/** Serialises typed content, keeping the object so the render that follows need not parse ~30 KB back. */
function storeContent(content: NoteContent): string {
  const text = serializeContent(content);
  lastStored = { text, content };
  return text;
}

/** The content of a stored text: the object it was typed as when it is the last typed, else parsed. */
function contentOf(text: string): NoteContent {
  return lastStored?.text === text ? lastStored.content : parseContent(text);
}

/** The draft of a progress note: template, the header filled in, the text, and signing. */
export function NoteEditor({ userId, server, settings, ...context }: NoteEditorProps) {
  const { appointment, client } = context;
  const draft = useNoteDraft({
    userId, appointmentId: appointment.$id, clientId: client.$id, noteState: appointment.noteState, server, fresh: freshFields(settings, client.diagnosisCodes ?? []),
  });
  const { fields, edit } = draft;
  const content = contentOf(fields.content);
  // The section fields hold their own text (uncontrolled, see SectionField): they are remounted with
  // the new text when the content changes other than by typing in them (a template switch, "Start
  // from last note", a conflict resolved).
  const [generation, setGeneration] = useState(0);
  const template = NOTE_TEMPLATES[fields.template];
  const last = useLastSignedNote(client.$id, appointment.$id, !hasText(content));
  const [signing, setSigning] = useState(false);
  const [signError, setSignError] = useState<string | null>(null);
  const statusId = useId();

  const replaceContent = (change: Partial<NoteDraftFields>) => {
    edit(change);
    setGeneration((n) => n + 1);
  };
  const editSection = useCallback((key: string, text: string) => edit((now) => {
    const current = contentOf(now.content);
    return { content: storeContent({ ...current, sections: { ...current.sections, [key]: text } }) };
  }), [edit]);
  const editFinding = useCallback((domainKey: string, finding: string) => edit((now) => {
    const current = contentOf(now.content);
    return { content: storeContent({ ...current, sections: withFinding(current.sections, domainKey, finding) }) };
  }), [edit]);
  // The exam's findings as one string, so typing in a section does not re-render the exam.
  const findingsText = MENTAL_STATUS_DOMAINS.map((domain) => content.sections[mentalStatusKey(domain.key)] ?? '').join('\u0000');
  const findings = useMemo(() => findingsText.split('\u0000'), [findingsText]);
  const editExtra = useCallback((index: number, text: string) => edit((now) => {
    const current = contentOf(now.content);
    return { content: storeContent({ ...current, extra: current.extra.map((other, i) => (i === index ? { ...other, text } : other)) }) };
  }), [edit]);
  const [signTried, setSignTried] = useState(false);

  const startSigning = () => {
    setSignTried(true);
    const problem = notReadyToSign(fields);
    if (problem) return setSignError(problem);
    setSignError(null);
    setSigning(true);
  };

  return (
    <>
      <PageHeader
        title={`Progress note: ${clientDisplayName(client)}`}
        description={<span id={statusId} role="status" className={`note-save note-save--${draft.state}`}>{SAVE_STATE_TEXT[draft.state]}</span>}
        actions={
          <Button variant="primary" onClick={startSigning}>
            Sign note
          </Button>
        }
      />
      {signError && <Alert tone="error" title="Not ready to sign">{signError}</Alert>}
      {draft.failure && <Alert tone="warning" title="Not saved yet">{draft.failure}</Alert>}
      {draft.conflict && (
        <Alert
          tone="warning"
          title="This note was changed in another tab or on another device"
          action={
            <>
              <Button onClick={() => { draft.resolve('theirs'); setGeneration((n) => n + 1); }}>Use the newer text</Button>
              <Button variant="primary" onClick={() => { draft.resolve('mine'); setGeneration((n) => n + 1); }}>
                Keep my text
              </Button>
            </>
          }
        >
          <p>The newer text saved elsewhere:</p>
          <ConflictPreview content={parseContent(draft.conflict.theirs.content)} />
        </Alert>
      )}
      <NoteHeader {...context} />
      <div className="note-editor">
        <div className="note-editor__row">
          <Select
            label="Template"
            value={fields.template}
            options={NOTE_TEMPLATE_IDS.map((id) => ({ value: id, label: NOTE_TEMPLATES[id].name }))}
            onChange={(event) => {
              const to = event.target.value;
              if (isNoteTemplate(to)) replaceContent({ template: to, content: serializeContent(switchTemplate(content, to)) });
            }}
            hint="Switching keeps every word: matching sections carry over, the rest stays under its old heading."
          />
          <DiagnosisCodesField
            label="Diagnosis codes for this note"
            hint="ICD-10-CM, from the client's record; search by words or code. The first is the primary."
            codes={fields.diagnosisCodes}
            onChange={(diagnosisCodes) => edit({ diagnosisCodes })}
          />
        </div>
        {last.data && !hasText(content) && (
          <Button onClick={() => last.data && replaceContent({ template: last.data.template, content: last.data.content })}>Start from last note</Button>
        )}
        {template.fields.map((field) => (
          <SectionField
            key={`${field.key}-${generation}`}
            id={field.key}
            label={field.label}
            hint={field.hint}
            rows={5}
            initial={content.sections[field.key] ?? ''}
            onText={editSection}
          />
        ))}
        {template.mentalStatus && <MentalStatusExam findings={findings} onFinding={editFinding} />}
        {content.extra.map((section, index) => (
          <SectionField
            key={`${section.heading}-${index}-${generation}`}
            id={index}
            label={`${section.heading} (from another template)`}
            rows={3}
            initial={section.text}
            onText={editExtra}
          />
        ))}
        <NoteExtras signTried={signTried} riskLevel={fields.riskLevel} riskDetails={fields.riskDetails} interventions={fields.interventions} goalsProgress={fields.goalsProgress} edit={edit} />
      </div>
      <PrivateNoteSection appointmentId={appointment.$id} />
      {signing && (
        <SignNoteDialog
          prepare={async () => {
            await draft.flush();
            return draft.noteId;
          }}
          clientName={clientDisplayName(client)}
          onClose={() => setSigning(false)}
        />
      )}
    </>
  );
}

function ConflictPreview({ content }: { content: NoteContent }) {
  const parts = [...Object.entries(content.sections).map(([key, text]) => ({ heading: fieldLabel(key), text })), ...content.extra];
  return (
    <dl className="note-conflict">
      {parts.filter((part) => part.text.trim()).map((part) => (
        <div key={part.heading}>
          <dt>{part.heading}</dt>
          <dd>{part.text}</dd>
        </div>
      ))}
    </dl>
  );
}

interface SectionFieldProps<Id extends string | number> {
  id: Id;
  label: string;
  hint?: string;
  rows: number;
  /** The text it opens with; from then on the field holds it (see NoteEditor's `generation`). */
  initial: string;
  onText: (id: Id, text: string) => void;
}

/**
 * One section of the note. Uncontrolled and memoised on everything but its opening text: a keystroke
 * re-renders neither the other sections nor this one's textarea, and React never writes a long
 * section's text back into the DOM (a controlled textarea, or one with a default value, gets its
 * whole text written back as its default value after every keystroke).
 */
const SectionField = memo(
  function SectionField<Id extends string | number>({ id, label, hint, rows, initial, onText }: SectionFieldProps<Id>) {
    const fieldId = useId();
    const [opening] = useState(initial);
    // The opening text is put in once, as the field's value — not as its default value, which React
    // writes back into the DOM (the whole text) after every input event.
    useLayoutEffect(() => {
      const field = document.getElementById(fieldId);
      if (field instanceof HTMLTextAreaElement) field.value = opening;
    }, [fieldId, opening]);
    return <Textarea id={fieldId} label={label} hint={hint} rows={rows} onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onText(id, event.target.value)} />;
  },
  // `initial` counts only when the field mounts (its key changes with the text to show).
  (before, after) => before.id === after.id && before.label === after.label && before.hint === after.hint && before.rows === after.rows && before.onText === after.onText,
) as <Id extends string | number>(props: SectionFieldProps<Id>) => React.JSX.Element;

interface NoteExtrasProps extends Pick<NoteDraftFields, 'riskLevel' | 'riskDetails' | 'interventions' | 'goalsProgress'> {
  /** Sign note was pressed: an unchosen risk is marked on the question itself. */
  signTried: boolean;
  edit: (change: Partial<NoteDraftFields>) => void;
}

/** Risk, interventions and progress: re-rendered only when one of them changes, not per keystroke in the note. */
const NoteExtras = memo(function NoteExtras({ signTried, riskLevel, riskDetails, interventions, goalsProgress, edit }: NoteExtrasProps) {
  const riskMissing = riskDetailsMissing({ riskLevel, riskDetails });
  return (
    <fieldset className="note-editor__extras">
      <legend>Risk, interventions and progress</legend>
      <RadioGroup
        label="Risk assessment"
        name="riskLevel"
        orientation="horizontal"
        required
        hint="Required before signing; nothing is chosen for you."
        error={signTried && riskLevel === null ? NOTE_MESSAGES.riskLevel : undefined}
        options={RISK_LEVELS.map((level) => ({ value: level, label: RISK_LABELS[level] }))}
        value={riskLevel}
        onChange={(value) => edit({ riskLevel: value as RiskLevel })}
      />
      {riskLevel !== null && riskLevel !== 'none' && (
        <Textarea
          label="Risk details"
          required
          rows={3}
          value={riskDetails ?? ''}
          error={riskMissing ? NOTE_MESSAGES.riskDetails : undefined}
          onChange={(event) => edit({ riskDetails: event.target.value })}
        />
      )}
      <fieldset className="note-editor__interventions">
        <legend>Interventions used</legend>
        {INTERVENTIONS.map((name) => (
          <Checkbox
            key={name}
            label={name}
            checked={interventions.includes(name)}
            onChange={(event) => edit({ interventions: event.target.checked ? [...interventions, name] : interventions.filter((other) => other !== name) })}
          />
        ))}
      </fieldset>
      <Textarea label="Progress toward goals" rows={3} value={goalsProgress ?? ''} onChange={(event) => edit({ goalsProgress: event.target.value })} />
    </fieldset>
  );
});
