import { describe, expect, it } from 'vitest';
import { enabledItems, questionnaireProblems, type Questionnaire } from '@cadence/shared-auth/forms';
import { formTemplateOf } from '@cadence/shared-auth/forms/templates';
import {
  addItem, buildCondition, conditionTargets, copyOfTemplate, describeCondition, draftOfCondition, findItem, moveItem, nextVersion, positionOf,
  problemsOf, removeItem, setConditions, testsFor, updateItem, withVersion,
} from './form-model.ts';

const demographics = formTemplateOf('demographics') as Questionnaire;
const copy = () => copyOfTemplate(demographics, 'form123');
const ids = (q: Questionnaire) => q.item.map((i) => i.linkId);

describe('a copy of a template', () => {
  it('has its own url and version 1, the template’s items, and is valid; the template is untouched', () => {
    const q = copy();
    expect(q).toMatchObject({ url: 'https://cadence.app/forms/copies/form123', version: '1', id: 'form123', title: demographics.title });
    expect(q.item).toEqual(demographics.item);
    expect(questionnaireProblems(q)).toEqual([]);
    q.item[0]!.text = 'changed';
    expect(demographics.item[0]!.text).toBe('First name');
  });
});

describe('version', () => {
  it('a version that was sent gets the next one; an unsent one is edited in place', () => {
    expect(nextVersion(1, [])).toBe(1);
    expect(nextVersion(1, [1])).toBe(2);
    expect(nextVersion(2, [1])).toBe(2);
    expect(nextVersion(3, [1, 2, 3])).toBe(4);
    expect(withVersion(copy(), 4).version).toBe('4');
  });
});

describe('adding, changing and removing items', () => {
  it('adds a question with a fresh linkId at the end (or inside a group) and never changes the given form', () => {
    const q = copy();
    const { questionnaire, linkId } = addItem(q, 'string');
    expect(linkId).toBe('q1');
    expect(ids(questionnaire).at(-1)).toBe('q1');
    expect(ids(q)).not.toContain('q1');
    const second = addItem(questionnaire, 'boolean', 'address');
    expect(second.linkId).toBe('q2');
    expect(findItem(second.questionnaire, 'address')?.item?.at(-1)?.linkId).toBe('q2');
  });

  it('a new question needs its text before the form is valid; the problem is put beside it', () => {
    const { questionnaire, linkId } = addItem(copy(), 'string');
    expect(problemsOf(questionnaire).items.get(linkId)).toEqual(['A question needs text.']);
    const named = updateItem(questionnaire, linkId, { text: 'Favourite colour', required: true });
    expect(problemsOf(named).items.size).toBe(0);
    expect(findItem(named, linkId)).toMatchObject({ text: 'Favourite colour', required: true });
  });

  it('a choice always keeps at least one option, and loses them when it becomes another type', () => {
    const { questionnaire, linkId } = addItem(copy(), 'choice');
    expect(findItem(questionnaire, linkId)?.answerOption).toHaveLength(1);
    const emptied = updateItem(questionnaire, linkId, { answerOption: [] });
    expect(findItem(emptied, linkId)?.answerOption).toHaveLength(1);
    const text = updateItem(questionnaire, linkId, { type: 'text' });
    expect(findItem(text, linkId)?.answerOption).toBeUndefined();
    expect(updateItem(questionnaire, linkId, { required: undefined }).item.at(-1)).not.toHaveProperty('required');
  });

  it('removing a question drops the conditions that looked at it (and a group’s, its items’)', () => {
    const q = copy();
    expect(findItem(q, 'voicemailOk')?.enableWhen).toHaveLength(1);
    const removed = removeItem(q, 'contactPreference');
    expect(findItem(removed, 'contactPreference')).toBeNull();
    expect(findItem(removed, 'voicemailOk')).not.toHaveProperty('enableWhen');
    expect(questionnaireProblems(removed)).toEqual([]);
    expect(findItem(removeItem(q, 'address'), 'city')).toBeNull();
  });
});

describe('reorder', () => {
  it('moves among siblings, clamped at both ends; inside a group only within it', () => {
    const q = copy();
    const moved = moveItem(q, 'lastName', 0);
    expect(ids(moved).slice(0, 2)).toEqual(['lastName', 'firstName']);
    expect(positionOf(moved, 'lastName')).toEqual({ position: 1, of: q.item.length });
    expect(moveItem(q, 'firstName', -1)).toBe(q);
    expect(ids(moveItem(q, 'firstName', 999)).at(-1)).toBe('firstName');
    const inGroup = moveItem(q, 'city', 0);
    expect(findItem(inGroup, 'address')?.item?.[0]?.linkId).toBe('city');
    expect(ids(inGroup)).toEqual(ids(q));
  });

  it('moving a question above the one its condition looks at is a problem shown beside it', () => {
    const q = copy();
    const at = q.item.findIndex((i) => i.linkId === 'contactPreference');
    const moved = moveItem(q, 'voicemailOk', at);
    expect(problemsOf(moved).items.get('voicemailOk')).toEqual(['Show-if must name an earlier question.']);
  });
});

describe('show-if (enableWhen)', () => {
  const base = () => {
    let q = copy();
    for (const [type, text] of [['boolean', 'Any allergies?'], ['integer', 'Cups of coffee a day'], ['string', 'Details']] as const) {
      const added = addItem(q, type);
      q = updateItem(added.questionnaire, added.linkId, { text });
    }
    return q;
  };

  it('offers only earlier questions (no sections, no text to read, not the item itself or later ones)', () => {
    const q = base();
    const targets = conditionTargets(q, 'q3').map((i) => i.linkId);
    expect(targets).toContain('q1');
    expect(targets).toContain('city');
    expect(targets).not.toContain('address');
    expect(targets).not.toContain('q3');
    expect(conditionTargets(q, 'q1').map((i) => i.linkId)).not.toContain('q2');
  });

  it('offers the comparisons that fit the question’s type', () => {
    expect(testsFor('boolean')).toEqual(['answered', 'unanswered', '=', '!=']);
    expect(testsFor('integer')).toContain('>=');
    expect(testsFor('choice')).not.toContain('>');
    expect(testsFor('signature')).toEqual(['answered', 'unanswered']);
  });

  it('builds the model’s condition for each kind of answer and refuses values of the wrong kind', () => {
    const q = base();
    expect(buildCondition(q, 'q3', { question: 'q1', test: '=', value: 'true' })).toEqual({ ok: true, condition: { question: 'q1', operator: '=', answerBoolean: true } });
    expect(buildCondition(q, 'q3', { question: 'q2', test: '>=', value: '3' })).toEqual({ ok: true, condition: { question: 'q2', operator: '>=', answerInteger: 3 } });
    expect(buildCondition(q, 'q3', { question: 'q2', test: '>=', value: 'lots' })).toMatchObject({ ok: false, field: 'value', message: 'Enter a whole number.' });
    expect(buildCondition(q, 'q3', { question: 'contactPreference', test: '=', value: 'phone' })).toMatchObject({ ok: true, condition: { answerCoding: { code: 'phone' } } });
    expect(buildCondition(q, 'q3', { question: 'contactPreference', test: '=', value: 'fax' })).toMatchObject({ ok: false, field: 'value' });
    expect(buildCondition(q, 'q3', { question: 'dateOfBirth', test: '<', value: '2008-02-30' })).toMatchObject({ ok: false, message: 'Enter a date as YYYY-MM-DD.' });
    expect(buildCondition(q, 'q3', { question: 'q1', test: 'unanswered', value: '' })).toEqual({ ok: true, condition: { question: 'q1', operator: 'exists', answerBoolean: false } });
    expect(buildCondition(q, 'q1', { question: 'q3', test: 'answered', value: '' })).toMatchObject({ ok: false, field: 'question' });
    expect(buildCondition(q, 'q3', { question: 'q1', test: '>', value: 'true' })).toMatchObject({ ok: false, field: 'test' });
  });

  it('a built condition round-trips through the editor’s fields and shows the question as the model decides', () => {
    const q = base();
    const built = buildCondition(q, 'q3', { question: 'q2', test: '>', value: '2' });
    if (!built.ok) throw new Error(built.message);
    expect(draftOfCondition(built.condition)).toEqual({ question: 'q2', test: '>', value: '2' });
    const withIf = setConditions(q, 'q3', [built.condition]);
    expect(questionnaireProblems(withIf)).toEqual([]);
    expect(enabledItems(withIf, { q2: 2 }).get('q3')).toBe(false);
    expect(enabledItems(withIf, { q2: 3 }).get('q3')).toBe(true);
    expect(describeCondition(withIf, built.condition)).toBe('“Cups of coffee a day” is more than “2”');
    expect(describeCondition(q, { question: 'q1', operator: '=', answerBoolean: true })).toBe('“Any allergies?” is “Yes”');
    expect(findItem(setConditions(withIf, 'q3', []), 'q3')).not.toHaveProperty('enableWhen');
  });
});
