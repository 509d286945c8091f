import { useId, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, PageHeader, RadioGroup, Select, Textarea, TextInput } from '@cadence/shared-ui';
import { clientDisplayName } from '../../clients/client-schema.ts';
import type { PracticeSettings } from '../../practice/practice-settings.ts';
import { checkDiagnosisCodes } from '../../shared/validators.ts';
import { NoteHeader, type NoteContext } from './note-header.tsx';
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

export const NOTE_MESSAGES = {
  riskDetails: 'Describe the risk and the plan to keep the client safe.',
  empty: 'Write the note before signing it.',
} as const;

interface NoteEditorProps extends NoteContext {
  userId: string;
  server: ProgressNoteDocument | null;
  settings: PracticeSettings | null;
}

function freshFields(settings: PracticeSettings | null, diagnosisCodes: readonly string[]): NoteDraftFields {
  const template = settings?.defaultNoteTemplate && isNoteTemplate(settings.defaultNoteTemplate) ? settings.defaultNoteTemplate : 'soap';
  return { template, content: serializeContent({ sections: {}, extra: [] }), riskLevel: 'none', riskDetails: null, interventions: [], goalsProgress: null, diagnosisCodes: [...diagnosisCodes] };
}

/** The draft of a progress note: template, the header filled in, the text, and signing. */
export function NoteEditor({ userId, server, settings, ...context }: NoteEditorProps) {
  const { appointment, client } = context;
  const draft = useNoteDraft({
    userId, appointmentId: appointment.$id, clientId: client.$id, noteState: appointment.noteState, server, fresh: freshFields(settings, client.diagnosisCodes ?? []),
  });
  const { fields, edit } = draft;
  const content = useMemo(() => parseContent(fields.content), [fields.content]);
  const template = NOTE_TEMPLATES[fields.template];
  const last = useLastSignedNote(client.$id, appointment.$id, !hasText(content));
  const [codesText, setCodesText] = useState(fields.diagnosisCodes.join(', '));
  const [codesError, setCodesError] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const [signError, setSignError] = useState<string | null>(null);
  const statusId = useId();

  const setContent = (next: NoteContent) => edit({ content: serializeContent(next) });
  const riskMissing = fields.riskLevel !== 'none' && !(fields.riskDetails ?? '').trim();

  const startSigning = () => {
    if (!hasText(content)) return setSignError(NOTE_MESSAGES.empty);
    if (riskMissing) return setSignError(NOTE_MESSAGES.riskDetails);
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
              <Button onClick={() => draft.resolve('theirs')}>Use the newer text</Button>
              <Button variant="primary" onClick={() => draft.resolve('mine')}>
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
              if (isNoteTemplate(to)) edit({ template: to, content: serializeContent(switchTemplate(content, to)) });
            }}
            hint="Switching keeps every word: matching sections carry over, the rest stays under its old heading."
          />
          <TextInput
            label="Diagnosis codes for this note"
            value={codesText}
            hint="ICD-10-CM, separated by commas (from the client's record)."
            error={codesError ?? undefined}
            onChange={(event) => setCodesText(event.target.value)}
            onBlur={() => {
              const checked = checkDiagnosisCodes(codesText);
              if (!checked.ok) return setCodesError(checked.message);
              setCodesError(null);
              setCodesText(checked.value.join(', '));
              edit({ diagnosisCodes: checked.value });
            }}
          />
        </div>
        {last.data && !hasText(content) && (
          <Button onClick={() => last.data && edit({ template: last.data.template, content: last.data.content })}>Start from last note</Button>
        )}
        {template.fields.map((field) => (
          <Textarea
            key={field.key}
            label={field.label}
            hint={field.hint}
            rows={5}
            value={content.sections[field.key] ?? ''}
            onChange={(event) => setContent({ ...content, sections: { ...content.sections, [field.key]: event.target.value } })}
          />
        ))}
        {content.extra.map((section, index) => (
          <Textarea
            key={`${section.heading}-${index}`}
            label={`${section.heading} (from another template)`}
            rows={3}
            value={section.text}
            onChange={(event) => setContent({ ...content, extra: content.extra.map((other, i) => (i === index ? { ...other, text: event.target.value } : other)) })}
          />
        ))}
        <fieldset className="note-editor__extras">
          <legend>Risk, interventions and progress</legend>
          <RadioGroup
            label="Risk assessment"
            name="riskLevel"
            orientation="horizontal"
            options={RISK_LEVELS.map((level) => ({ value: level, label: RISK_LABELS[level] }))}
            value={fields.riskLevel}
            onChange={(value) => edit({ riskLevel: value as RiskLevel })}
          />
          {fields.riskLevel !== 'none' && (
            <Textarea
              label="Risk details"
              required
              rows={3}
              value={fields.riskDetails ?? ''}
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
                checked={fields.interventions.includes(name)}
                onChange={(event) => edit({ interventions: event.target.checked ? [...fields.interventions, name] : fields.interventions.filter((other) => other !== name) })}
              />
            ))}
          </fieldset>
          <Textarea label="Progress toward goals" rows={3} value={fields.goalsProgress ?? ''} onChange={(event) => edit({ goalsProgress: event.target.value })} />
        </fieldset>
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
