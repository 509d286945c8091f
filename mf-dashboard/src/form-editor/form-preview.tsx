import { useId, useState, type ReactNode } from 'react';
import { acceptAttribute, enabledItems, type AnswerValues, type Questionnaire, type QuestionnaireItem } from '@cadence/shared-auth/forms';
import { DateInput, Field, RadioGroup, Textarea, TextInput } from '@cadence/shared-ui';

// A live preview of the draft as the client will meet it: the same items, and show-if decided by the
// shared model (enabledItems, which the portal's renderer and fill-form use). Answers typed here are
// only to try the show-ifs: they are kept nowhere. The portal's own renderer is another remote's, so
// this stays a plain, small mirror of it.

export const PREVIEW_TEXT = {
  title: 'Preview',
  hint: 'Try answers here to see the show-ifs work. Nothing you type in the preview is saved.',
  yes: 'Yes',
  no: 'No',
  /** What a file chosen in the preview stands for (a show-if sees it as answered). */
  file: 'preview-file',
} as const;

function PreviewItem({ item, enabled, values, set, idBase }: { item: QuestionnaireItem; enabled: Map<string, boolean>; values: AnswerValues; set: (linkId: string, value: string | number | boolean | undefined) => void; idBase: string }): ReactNode {
  if (!enabled.get(item.linkId)) return null;
  const label = item.text?.trim() || '(no text yet)';
  const id = `${idBase}-${item.linkId}`;
  if (item.type === 'display') return <p>{label}</p>;
  if (item.type === 'group') {
    return (
      <fieldset className="fe-preview__group">
        <legend>{label}</legend>
        {(item.item ?? []).map((child) => <PreviewItem key={child.linkId} item={child} enabled={enabled} values={values} set={set} idBase={idBase} />)}
      </fieldset>
    );
  }
  const value = values[item.linkId];
  const text = typeof value === 'string' ? value : value === undefined ? '' : String(value);
  const common = { id, label, required: item.required };
  switch (item.type) {
    case 'boolean':
      return (
        <RadioGroup
          name={id}
          label={label}
          required={item.required}
          value={value === true ? 'true' : value === false ? 'false' : ''}
          onChange={(v) => set(item.linkId, v === 'true')}
          options={[{ value: 'true', label: PREVIEW_TEXT.yes }, { value: 'false', label: PREVIEW_TEXT.no }]}
        />
      );
    case 'choice':
    case 'open-choice':
      return (
        <RadioGroup
          name={id}
          label={label}
          required={item.required}
          value={text}
          onChange={(v) => set(item.linkId, v)}
          options={(item.answerOption ?? []).map((o) => ({ value: o.valueCoding.code, label: o.valueCoding.display || o.valueCoding.code }))}
        />
      );
    case 'attachment':
      // Nothing is uploaded from the preview: a chosen file only counts as an answer for show-ifs.
      return (
        <Field {...common}>
          {(control) => <input type="file" accept={acceptAttribute(item)} {...control} onChange={(e) => set(item.linkId, e.target.files?.[0] ? PREVIEW_TEXT.file : undefined)} />}
        </Field>
      );
    case 'text':
      return <Textarea {...common} rows={2} value={text} onChange={(e) => set(item.linkId, e.target.value)} />;
    case 'date':
      return <DateInput {...common} value={text} onChange={(e) => set(item.linkId, e.target.value)} />;
    case 'integer':
      return <TextInput {...common} inputMode="numeric" value={text} onChange={(e) => set(item.linkId, e.target.value === '' || Number.isNaN(Number(e.target.value)) ? e.target.value : Number(e.target.value))} />;
    default:
      return <TextInput {...common} value={text} onChange={(e) => set(item.linkId, e.target.value)} />;
  }
}

export function FormPreview({ questionnaire }: { questionnaire: Questionnaire }) {
  const idBase = useId().replace(/:/g, '');
  const [values, setValues] = useState<AnswerValues>({});
  const enabled = enabledItems(questionnaire, values);
  const set = (linkId: string, value: string | number | boolean | undefined) => setValues((v) => {
    const next = { ...v };
    if (value === undefined || value === '') delete next[linkId];
    else next[linkId] = value;
    return next;
  });
  return (
    <section className="fe-preview" aria-labelledby={`${idBase}-title`}>
      <h3 id={`${idBase}-title`} className="fe-subheading">{PREVIEW_TEXT.title}</h3>
      <p className="fe-muted">{PREVIEW_TEXT.hint}</p>
      <div className="fe-preview__form">
        <h4>{questionnaire.title}</h4>
        {questionnaire.description ? <p>{questionnaire.description}</p> : null}
        {questionnaire.item.map((item) => <PreviewItem key={item.linkId} item={item} enabled={enabled} values={values} set={set} idBase={idBase} />)}
      </div>
    </section>
  );
}
