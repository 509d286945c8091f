import { useState } from 'react';
import type { EnableWhen, Questionnaire, QuestionnaireItem } from '@cadence/shared-auth/forms';
import { Button, Select, TextInput } from '@cadence/shared-ui';
import {
  buildCondition, conditionTargets, describeCondition, draftOfCondition, setConditions, TEST_LABELS, testNeedsValue, testsFor, type ConditionDraft, type ConditionTest,
} from './form-model.ts';

export const SHOW_IF_TEXT = {
  legend: 'Show only if',
  always: 'Always shown.',
  add: 'Add a show-if',
  addAnother: 'Add another condition',
  noTargets: 'A show-if needs a question before this one.',
  question: 'Question',
  test: 'Answer',
  value: 'Value',
  yes: 'Yes',
  no: 'No',
  choose: 'Choose…',
  apply: 'Apply',
  cancel: 'Cancel',
  edit: (n: number) => `Edit condition ${n}`,
  remove: (n: number) => `Remove condition ${n}`,
  behavior: 'Show when',
  all: 'all of these hold',
  any: 'any of these holds',
  valueHint: 'A date as YYYY-MM-DD; a number in digits.',
} as const;
const T = SHOW_IF_TEXT;

/** The value field: the options of a choice, Yes/No of a boolean, text otherwise. */
function ValueField({ target, draft, error, onChange }: { target: QuestionnaireItem; draft: ConditionDraft; error: string | undefined; onChange: (value: string) => void }) {
  if (target.type === 'boolean') {
    return <Select label={T.value} value={draft.value} placeholder={T.choose} error={error} onChange={(e) => onChange(e.target.value)} options={[{ value: 'true', label: T.yes }, { value: 'false', label: T.no }]} />;
  }
  if (target.type === 'choice') {
    const options = (target.answerOption ?? []).map((o) => ({ value: o.valueCoding.code, label: o.valueCoding.display }));
    return <Select label={T.value} value={draft.value} placeholder={T.choose} error={error} onChange={(e) => onChange(e.target.value)} options={options} />;
  }
  const hint = target.type === 'date' || target.type === 'integer' ? T.valueHint : undefined;
  return <TextInput label={T.value} value={draft.value} hint={hint} error={error} inputMode={target.type === 'integer' ? 'numeric' : undefined} onChange={(e) => onChange(e.target.value)} />;
}

/** Editing one condition: an earlier question, a comparison that fits its type, and a value of its kind. */
function ConditionFields({ q, linkId, initial, onApply, onCancel }: {
  q: Questionnaire; linkId: string; initial: ConditionDraft; onApply: (c: EnableWhen) => void; onCancel: () => void;
}) {
  const targets = conditionTargets(q, linkId);
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const target = targets.find((t) => t.linkId === draft.question);
  const tests = target ? testsFor(target.type) : [];
  const change = (patch: Partial<ConditionDraft>) => {
    setError(null);
    setDraft((d) => {
      const next = { ...d, ...patch };
      const nextTarget = targets.find((t) => t.linkId === next.question);
      if (patch.question !== undefined) next.value = '';
      if (nextTarget && !testsFor(nextTarget.type).includes(next.test)) next.test = testsFor(nextTarget.type)[0] ?? 'answered';
      return next;
    });
  };
  const apply = () => {
    const built = buildCondition(q, linkId, draft);
    if (built.ok) onApply(built.condition);
    else setError({ field: built.field, message: built.message });
  };
  return (
    <div className="fe-condition-fields" role="group" aria-label={T.legend}>
      <Select
        label={T.question}
        value={draft.question}
        placeholder={T.choose}
        error={error?.field === 'question' ? error.message : undefined}
        onChange={(e) => change({ question: e.target.value })}
        options={targets.map((t) => ({ value: t.linkId, label: t.text || t.linkId }))}
      />
      <Select
        label={T.test}
        value={draft.test}
        error={error?.field === 'test' ? error.message : undefined}
        onChange={(e) => change({ test: e.target.value as ConditionTest })}
        options={(tests.length ? tests : (['answered', 'unanswered'] as ConditionTest[])).map((t) => ({ value: t, label: TEST_LABELS[t] }))}
      />
      {target && testNeedsValue(draft.test) ? (
        <ValueField target={target} draft={draft} error={error?.field === 'value' ? error.message : undefined} onChange={(value) => change({ value })} />
      ) : null}
      <div className="fe-row">
        <Button size="sm" variant="primary" onClick={apply}>{T.apply}</Button>
        <Button size="sm" variant="quiet" onClick={onCancel}>{T.cancel}</Button>
      </div>
    </div>
  );
}

/** An item's show-if (FHIR enableWhen): its conditions in words, each editable, and all/any when there are several. */
export function ShowIfEditor({ q, item, onChange }: { q: Questionnaire; item: QuestionnaireItem; onChange: (next: Questionnaire) => void }) {
  const conditions = item.enableWhen ?? [];
  const [editing, setEditing] = useState<number | null>(null);
  const targets = conditionTargets(q, item.linkId);
  const behavior = item.enableBehavior === 'any' ? 'any' : 'all';
  const save = (index: number, condition: EnableWhen) => {
    const next = [...conditions];
    next[index] = condition;
    onChange(setConditions(q, item.linkId, next, behavior));
    setEditing(null);
  };
  const firstDraft: ConditionDraft = { question: targets.at(-1)?.linkId ?? '', test: 'answered', value: '' };
  const adjusted = (draft: ConditionDraft): ConditionDraft => {
    const target = targets.find((t) => t.linkId === draft.question);
    return target && !testsFor(target.type).includes(draft.test) ? { ...draft, test: testsFor(target.type)[0] ?? 'answered' } : draft;
  };
  return (
    <fieldset className="fe-show-if">
      <legend>{T.legend}</legend>
      {conditions.length === 0 && editing === null ? <p className="fe-muted">{T.always}</p> : null}
      {conditions.length > 1 ? (
        <Select
          label={T.behavior}
          value={behavior}
          onChange={(e) => onChange(setConditions(q, item.linkId, conditions, e.target.value === 'any' ? 'any' : 'all'))}
          options={[{ value: 'all', label: T.all }, { value: 'any', label: T.any }]}
        />
      ) : null}
      <ul className="fe-conditions">
        {conditions.map((c, index) => (
          <li key={`${c.question}-${index}`}>
            {editing === index ? (
              <ConditionFields q={q} linkId={item.linkId} initial={draftOfCondition(c)} onApply={(next) => save(index, next)} onCancel={() => setEditing(null)} />
            ) : (
              <div className="fe-row">
                <span>{describeCondition(q, c)}</span>
                <Button size="sm" variant="quiet" onClick={() => setEditing(index)} aria-label={T.edit(index + 1)}>Edit</Button>
                <Button size="sm" variant="quiet" onClick={() => onChange(setConditions(q, item.linkId, conditions.filter((_, i) => i !== index), behavior))} aria-label={T.remove(index + 1)}>Remove</Button>
              </div>
            )}
          </li>
        ))}
        {editing === conditions.length ? (
          <li>
            <ConditionFields q={q} linkId={item.linkId} initial={adjusted(firstDraft)} onApply={(next) => save(conditions.length, next)} onCancel={() => setEditing(null)} />
          </li>
        ) : null}
      </ul>
      {editing === null ? (
        targets.length ? (
          <Button size="sm" onClick={() => setEditing(conditions.length)}>{conditions.length ? T.addAnother : T.add}</Button>
        ) : <p className="fe-muted">{T.noTargets}</p>
      ) : null}
    </fieldset>
  );
}
