import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { answerProblems, enabledItems, type AnswerProblem, type Questionnaire, type QuestionnaireItem } from '@cadence/shared-auth/forms';
import { Alert, Button, DateInput, RadioGroup, Textarea, TextInput } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { AttachmentField } from './attachment-field.tsx';
import { AnswersRefusedError } from './forms-api.ts';
import { answersFrom, type FieldMap, type FieldValues } from './form-values.ts';
import type { useFormDraft } from './use-form-draft.ts';

const T = PORTAL_TEXT.form;

/** The field's element id, for the error summary's links. */
export const fieldId = (name: string) => `form-${name}`;

/** One zod schema per form: the shared model's problems (lib/questionnaire.js) as field errors. */
export function schemaFor(q: Questionnaire, map: FieldMap) {
  return z.record(z.string(), z.string()).superRefine((fields, ctx) => {
    for (const problem of answerProblems(q, answersFrom(map, fields))) {
      const name = map.nameOf.get(problem.linkId);
      if (name) ctx.addIssue({ code: 'custom', path: [name], message: problem.message });
    }
  });
}

interface ItemProps {
  item: QuestionnaireItem;
  map: FieldMap;
  enabled: Map<string, boolean>;
  register: UseFormRegister<FieldValues>;
  control: Control<FieldValues>;
  errors: FieldErrors<FieldValues>;
}

function Item({ item, map, enabled, register, control, errors }: ItemProps): ReactNode {
  if (!enabled.get(item.linkId)) return null;
  if (item.type === 'display') return <p className="portal-form-display">{item.text}</p>;
  if (item.type === 'group') {
    return (
      <fieldset className="portal-form-group">
        {item.text ? <legend>{item.text}</legend> : null}
        {(item.item ?? []).map((child) => <Item key={child.linkId} item={child} map={map} enabled={enabled} register={register} control={control} errors={errors} />)}
      </fieldset>
    );
  }
  const name = map.nameOf.get(item.linkId) ?? '';
  const error = errors[name]?.message;
  const common = { label: item.text ?? '', required: item.required, error, id: fieldId(name) };
  switch (item.type) {
    case 'text':
      return <Textarea {...common} rows={4} maxLength={item.maxLength} {...register(name)} />;
    case 'date':
      return <DateInput {...common} hint={T.dateHint} {...register(name)} />;
    case 'integer':
      return <TextInput {...common} inputMode="numeric" autoComplete="off" {...register(name)} />;
    case 'signature':
      return <TextInput {...common} hint={T.signatureHint} autoComplete="name" {...register(name)} />;
    case 'attachment':
      return (
        <Controller
          name={name}
          control={control}
          render={({ field }) => <AttachmentField item={item} id={fieldId(name)} value={field.value ?? ''} onChange={field.onChange} error={error} />}
        />
      );
    case 'open-choice': {
      const listId = `${fieldId(name)}-options`;
      return (
        <>
          <TextInput {...common} hint={T.choose} list={listId} {...register(name)} />
          <datalist id={listId}>{item.answerOption?.map((o) => <option key={o.valueCoding.code} value={o.valueCoding.display} />)}</datalist>
        </>
      );
    }
    case 'boolean':
    case 'choice': {
      const options = item.type === 'boolean'
        ? [{ value: 'true', label: T.yes }, { value: 'false', label: T.no }]
        : (item.answerOption ?? []).map((o) => ({ value: o.valueCoding.code, label: o.valueCoding.display }));
      return (
        <div id={fieldId(name)} tabIndex={-1} className="portal-form-choice">
          <Controller
            name={name}
            control={control}
            render={({ field }) => (
              <RadioGroup
                name={name}
                label={<>{item.text}{item.required ? <span aria-hidden="true"> {T.required}</span> : null}</>}
                options={options}
                value={field.value || null}
                onChange={field.onChange}
                required={item.required}
                error={error}
                orientation={item.type === 'boolean' ? 'horizontal' : 'vertical'}
              />
            )}
          />
        </div>
      );
    }
    default:
      return <TextInput {...common} maxLength={item.maxLength} {...register(name)} />;
  }
}

interface RendererProps {
  questionnaire: Questionnaire;
  map: FieldMap;
  draft: ReturnType<typeof useFormDraft>;
  onSubmit: (fields: FieldValues) => Promise<void>;
}

/**
 * A form to fill in (issue 31): every item type with its label, required marks, show-if applied as
 * the client answers, an error summary that links to each problem; answers go to `draft` on every
 * change (autosave) and to `onSubmit` once they pass the same checks the server makes.
 */
export function FormRenderer({ questionnaire, map, draft, onSubmit }: RendererProps) {
  const resolver = useMemo(() => zodResolver(schemaFor(questionnaire, map)), [questionnaire, map]);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<FieldValues>({
    defaultValues: draft.initialFields, resolver, shouldFocusError: false, reValidateMode: 'onChange',
  });
  const fields = useWatch({ control }) as FieldValues;
  const enabled = useMemo(() => enabledItems(questionnaire, answersFrom(map, { ...draft.initialFields, ...fields })), [questionnaire, map, draft.initialFields, fields]);
  const [failure, setFailure] = useState<string | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const { changed } = draft;

  useEffect(() => {
    changed({ ...draft.initialFields, ...fields });
  }, [fields, changed, draft.initialFields]);

  const problems = Object.entries(formState.errors).flatMap(([name, e]) => (e?.message ? [{ name, message: String(e.message) }] : []));
  useEffect(() => {
    if (formState.submitCount > 0 && !formState.isSubmitSuccessful && problems.length > 0) summary.current?.focus();
  }, [formState.submitCount, formState.isSubmitSuccessful, problems.length]);

  const onValid = async (values: FieldValues) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (e) {
      if (e instanceof AnswersRefusedError) {
        e.problems.forEach((p: AnswerProblem) => {
          const name = map.nameOf.get(p.linkId);
          if (name) setError(name, { message: p.message });
        });
        summary.current?.focus();
      } else {
        setFailure(T.failed);
      }
    }
  };

  return (
    <form className="portal-form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
      {draft.conflict ? (
        <Alert tone="warning" action={(
          <span className="portal-actions">
            <Button variant="primary" onClick={() => draft.resolve('mine')}>{T.keepMine}</Button>
            <Button variant="secondary" onClick={() => { const theirs = draft.resolve('theirs'); if (theirs) reset(theirs); }}>{T.useTheirs}</Button>
          </span>
        )}>{T.conflict}</Alert>
      ) : null}
      <p className="portal-muted">{T.requiredNote}</p>
      {problems.length > 0 ? (
        <div ref={summary} tabIndex={-1} role="alert" className="portal-form-summary">
          <p>{T.fix(problems.length)}</p>
          <ul>
            {problems.map((p) => {
              const item = map.itemOf.get(p.name);
              return <li key={p.name}><a href={`#${fieldId(p.name)}`}>{item?.text}: {p.message}</a></li>;
            })}
          </ul>
        </div>
      ) : null}
      {questionnaire.item.map((item) => <Item key={item.linkId} item={item} map={map} enabled={enabled} register={register} control={control} errors={formState.errors} />)}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="portal-actions">
        <Button type="submit" variant="primary" disabled={formState.isSubmitting}>{formState.isSubmitting ? T.submitting : T.submit}</Button>
        <span role="status" className="portal-muted">{T.saveState[draft.state]}</span>
      </div>
    </form>
  );
}
