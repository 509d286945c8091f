import { useRef, useState, type FormEvent } from 'react';
import { FunctionRefusedError } from '@cadence/shared-auth';
import { Alert, Button, RadioGroup } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { firstUnanswered, type MeasureModel } from './measure-model.ts';

const T = PORTAL_TEXT.measure;

export interface MeasureFormProps {
  measure: MeasureModel;
  /** Sends the answers; a refusal naming a question (field `answers.<linkId>`) is shown at it. */
  onSubmit: (answers: Record<string, number>) => Promise<void>;
}

/**
 * Each question as a native radio group (fieldset and legend; arrow keys choose, Tab moves on). An
 * unanswered question is named at the question, which gets focus; nothing chosen is lost.
 */
export function MeasureForm({ measure, onSubmit }: MeasureFormProps) {
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [fieldError, setFieldError] = useState<{ linkId: string; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const focusQuestion = (linkId: string) => {
    const group = form.current?.querySelector<HTMLElement>(`[data-link-id="${linkId}"]`);
    group?.scrollIntoView?.({ block: 'center' });
    group?.querySelector<HTMLInputElement>('input:checked, input')?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const missing = firstUnanswered(measure, answers);
    setFieldError(missing);
    if (missing) {
      focusQuestion(missing.linkId);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(answers);
    } catch (e) {
      const field = e instanceof FunctionRefusedError && 'field' in e.answer && typeof e.answer.field === 'string' ? e.answer.field.replace(/^answers\./, '') : '';
      if (field && e instanceof FunctionRefusedError && measure.questions.some((q) => q.linkId === field)) {
        setFieldError({ linkId: field, message: e.reason ?? T.failed });
        focusQuestion(field);
      } else {
        setError(e instanceof FunctionRefusedError && e.reason ? e.reason : T.failed);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="portal-stack portal-measure" onSubmit={(event) => void submit(event)} noValidate>
      <p className="portal-measure__stem">{measure.stem}</p>
      {measure.questions.map((question, index) => (
        <div key={question.linkId} data-link-id={question.linkId}>
          <RadioGroup
            label={question.required ? `${index + 1}. ${question.text}` : `${question.text} ${T.optional}`}
            name={`measure-${question.linkId}`}
            options={question.options.map((o) => ({ value: String(o.value), label: o.label }))}
            value={answers[question.linkId] === undefined ? null : String(answers[question.linkId])}
            onChange={(value) => {
              setAnswers((current) => ({ ...current, [question.linkId]: Number(value) }));
              if (fieldError?.linkId === question.linkId) setFieldError(null);
            }}
            required={question.required}
            error={fieldError?.linkId === question.linkId ? fieldError.message : undefined}
          />
        </div>
      ))}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="portal-actions">
        <Button type="submit" variant="primary" loading={busy} loadingLabel={T.sending}>{T.send}</Button>
      </div>
      <p className="portal-muted portal-measure__attribution">{measure.attribution}</p>
    </form>
  );
}
