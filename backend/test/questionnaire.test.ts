// Issue 31 "Tests — unit: questionnaire model and enableWhen" (lib/questionnaire.js): every
// operator with and without an answer, all/any, conditions on hidden questions and inside hidden
// groups, required only while shown, each item type's answers, choices not offered, and the
// QuestionnaireResponse round trip.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FORM_TEMPLATES, formTemplateOf } from '../functions/lib/form-templates.js';
import {
  acceptedTypes, answerProblems, answerText, attachmentsOf, clientFieldOf, MIME_TYPE_EXTENSION, UPLOAD_TYPES, conditionHolds, enabledItems, flattenItems, isQuestion, keptAnswers, progressOf, questionnaireProblems, toResponse, valuesOf,
  type EnableWhen, type Questionnaire, type QuestionnaireItem,
} from '../functions/lib/questionnaire.js';

const option = (code: string, display = code) => ({ valueCoding: { code, display } });

function form(items: QuestionnaireItem[]): Questionnaire {
  return { resourceType: 'Questionnaire', url: 'https://cadence.app/forms/test', version: '1', title: 'Test', status: 'active', item: items };
}

const q = form([
  { linkId: 'name', text: 'Name', type: 'string', required: true },
  { linkId: 'insured', text: 'Do you have insurance?', type: 'boolean', required: true },
  {
    linkId: 'ins', text: 'Insurance', type: 'group', enableWhen: [{ question: 'insured', operator: '=', answerBoolean: true }],
    item: [
      { linkId: 'payer', text: 'Insurer', type: 'string', required: true },
      { linkId: 'rel', text: 'Relationship', type: 'choice', required: true, answerOption: [option('self', 'Self'), option('child', 'Child')] },
      { linkId: 'subName', text: 'Subscriber', type: 'string', required: true, enableWhen: [{ question: 'rel', operator: '!=', answerCoding: { code: 'self' } }] },
    ],
  },
  { linkId: 'age', text: 'Age', type: 'integer' },
  { linkId: 'guardian', text: 'Guardian', type: 'string', required: true, enableWhen: [{ question: 'age', operator: '<', answerInteger: 18 }] },
  { linkId: 'seen', text: 'Seen before', type: 'date' },
  { linkId: 'how', text: 'How did you hear of us?', type: 'open-choice', answerOption: [option('web', 'Website'), option('friend', 'A friend')] },
  { linkId: 'info', text: 'Thanks', type: 'display' },
  { linkId: 'sign', text: 'Signature', type: 'signature', required: true },
]);

describe('conditionHolds: each operator with and without an answer', () => {
  const c = (operator: EnableWhen['operator'], extra: Partial<EnableWhen>): EnableWhen => ({ question: 'x', operator, ...extra });
  it.each([
    ['exists true, answered', c('exists', { answerBoolean: true }), 'a', true],
    ['exists true, blank', c('exists', { answerBoolean: true }), '', false],
    ['exists true, none', c('exists', { answerBoolean: true }), undefined, false],
    ['exists false, none', c('exists', { answerBoolean: false }), undefined, true],
    ['exists false, answered false (a boolean false is an answer)', c('exists', { answerBoolean: false }), false, false],
    ['= equal', c('=', { answerString: 'a' }), 'a', true],
    ['= other', c('=', { answerString: 'a' }), 'b', false],
    ['= none', c('=', { answerString: 'a' }), undefined, false],
    ['= boolean false', c('=', { answerBoolean: false }), false, true],
    ['= coding', c('=', { answerCoding: { code: 'self' } }), 'self', true],
    ['!= other', c('!=', { answerString: 'a' }), 'b', true],
    ['!= equal', c('!=', { answerString: 'a' }), 'a', false],
    ['!= none (no answer equals it)', c('!=', { answerString: 'a' }), undefined, true],
    ['> integer', c('>', { answerInteger: 17 }), 18, true],
    ['> integer equal', c('>', { answerInteger: 18 }), 18, false],
    ['>= integer equal', c('>=', { answerInteger: 18 }), 18, true],
    ['< integer', c('<', { answerInteger: 18 }), 17, true],
    ['< integer 0 (zero is an answer)', c('<', { answerInteger: 1 }), 0, true],
    ['<= integer above', c('<=', { answerInteger: 18 }), 19, false],
    ['> none', c('>', { answerInteger: 1 }), undefined, false],
    ['< date', c('<', { answerDate: '2008-01-01' }), '2007-12-31', true],
    ['>= date', c('>=', { answerDate: '2008-01-01' }), '2008-01-01', true],
    ['> across kinds is false', c('>', { answerInteger: 1 }), '5', false],
    ['> on booleans is false', c('>', { answerBoolean: false }), true, false],
  ] as const)('%s', (_name, condition, answer, expected) => {
    expect(conditionHolds(condition, answer)).toBe(expected);
  });
});

describe('enabledItems', () => {
  it('a group hides its children; a condition on a hidden question sees no answer', () => {
    const off = enabledItems(q, { insured: false, rel: 'child' });
    expect([off.get('ins'), off.get('payer'), off.get('rel'), off.get('subName')]).toEqual([false, false, false, false]);
    // rel is hidden: its stale 'child' does not count, and != with no answer is true, yet the group is off.
    const on = enabledItems(q, { insured: true, rel: 'self' });
    expect([on.get('payer'), on.get('subName')]).toEqual([true, false]);
    expect(enabledItems(q, { insured: true }).get('subName')).toBe(true);
  });

  it('a chain of hidden questions: a condition on a hidden question behaves as unanswered', () => {
    const chain = form([
      { linkId: 'a', text: 'A', type: 'boolean' },
      { linkId: 'b', text: 'B', type: 'string', enableWhen: [{ question: 'a', operator: '=', answerBoolean: true }] },
      { linkId: 'c', text: 'C', type: 'string', enableWhen: [{ question: 'b', operator: 'exists', answerBoolean: true }] },
      { linkId: 'd', text: 'D', type: 'string', enableWhen: [{ question: 'b', operator: 'exists', answerBoolean: false }] },
    ]);
    const e = enabledItems(chain, { a: false, b: 'typed before' });
    expect([e.get('b'), e.get('c'), e.get('d')]).toEqual([false, false, true]);
  });

  it('enableBehavior all (default) and any', () => {
    const conditions: EnableWhen[] = [{ question: 'a', operator: '=', answerBoolean: true }, { question: 'n', operator: '>', answerInteger: 5 }];
    const mk = (enableBehavior?: 'all' | 'any') => form([
      { linkId: 'a', text: 'A', type: 'boolean' }, { linkId: 'n', text: 'N', type: 'integer' },
      { linkId: 't', text: 'T', type: 'string', enableWhen: conditions, ...(enableBehavior ? { enableBehavior } : {}) },
    ]);
    expect(enabledItems(mk(), { a: true, n: 3 }).get('t')).toBe(false);
    expect(enabledItems(mk('all'), { a: true, n: 6 }).get('t')).toBe(true);
    expect(enabledItems(mk('any'), { a: true, n: 3 }).get('t')).toBe(true);
    expect(enabledItems(mk('any'), { a: false }).get('t')).toBe(false);
  });
});

describe('answerProblems: validation of a response against its questionnaire', () => {
  const complete = { name: 'Jane Doe', insured: false, sign: 'Jane Doe' };

  it('a complete response has no problems; required only while shown', () => {
    expect(answerProblems(q, complete)).toEqual([]);
    expect(answerProblems(q, { ...complete, insured: true }).map((p) => p.linkId)).toEqual(['payer', 'rel', 'subName']);
    expect(answerProblems(q, { ...complete, insured: true, payer: 'Aetna', rel: 'self' })).toEqual([]);
    expect(answerProblems(q, { ...complete, age: 17 })).toEqual([{ linkId: 'guardian', message: 'Answer this question.' }]);
    expect(answerProblems(q, { ...complete, age: 18 })).toEqual([]);
  });

  it('blank and whitespace-only are not answers; a signature asks for the typed name', () => {
    expect(answerProblems(q, { name: '   ', insured: false, sign: '' })).toEqual([
      { linkId: 'name', message: 'Answer this question.' }, { linkId: 'sign', message: 'Type your full name to sign.' },
    ]);
  });

  it('a draft skips required but not types', () => {
    expect(answerProblems(q, {}, { partial: true })).toEqual([]);
    expect(answerProblems(q, { age: 'ten' }, { partial: true })).toEqual([{ linkId: 'age', message: 'Enter a whole number.' }]);
  });

  it('refuses answers of the wrong kind, choices not offered, impossible dates and unknown questions', () => {
    const problems = answerProblems(q, {
      ...complete, insured: 'yes', age: 3.5, seen: '2026-02-30', how: 42, rel: 'cousin', info: 'x', nope: 'y',
    } as unknown as Record<string, string>);
    expect(problems).toEqual(expect.arrayContaining([
      { linkId: 'info', message: 'This is not a question of this form.' },
      { linkId: 'nope', message: 'This is not a question of this form.' },
      { linkId: 'insured', message: 'Choose yes or no.' },
      { linkId: 'age', message: 'Enter a whole number.' },
      { linkId: 'seen', message: 'Enter a date as YYYY-MM-DD.' },
      { linkId: 'how', message: 'Choose an option or type an answer.' },
    ]));
    // 'insured' is not true, so the group (and rel's bad choice) is hidden: dropped, not refused.
    expect(problems.map((p) => p.linkId)).not.toContain('rel');
    expect(answerProblems(q, { ...complete, insured: true, payer: 'A', rel: 'cousin', subName: 'B' })).toEqual([{ linkId: 'rel', message: 'Choose one of the options.' }]);
    expect(answerProblems(q, { ...complete, name: 'x'.repeat(501) })).toEqual([{ linkId: 'name', message: 'Use at most 500 characters.' }]);
    expect(answerProblems(q, { ...complete, seen: '2024-02-29', age: 0, guardian: 'Mina Doe', how: 'my doctor' })).toEqual([]);
    expect(answerProblems(q, [] as unknown as Record<string, string>)).toEqual([{ linkId: '', message: 'Answers must be an object.' }]);
  });
});

describe('responses', () => {
  it('a completed response keeps only shown, non-blank answers, trimmed, nested like the form, and reads back', () => {
    const values = { name: ' Jane Doe ', insured: true, payer: 'Aetna', rel: 'child', subName: 'Mina', age: 30, guardian: 'stale', how: 'web', sign: 'Jane Doe', seen: '' };
    const response = toResponse(q, values, { status: 'completed', authored: '2026-11-28T10:00:00.000Z' });
    expect(response).toMatchObject({ resourceType: 'QuestionnaireResponse', questionnaire: 'https://cadence.app/forms/test|1', status: 'completed' });
    expect(response.item.map((i) => i.linkId)).toEqual(['name', 'insured', 'ins', 'age', 'how', 'sign']);
    expect(response.item[2]!.item!.map((i) => [i.linkId, i.answer![0]])).toEqual([
      ['payer', { valueString: 'Aetna' }], ['rel', { valueCoding: { code: 'child', display: 'Child' } }], ['subName', { valueString: 'Mina' }],
    ]);
    expect(response.item.find((i) => i.linkId === 'how')!.answer).toEqual([{ valueCoding: { code: 'web', display: 'Website' } }]);
    expect(valuesOf(response)).toEqual(keptAnswers(q, values));
    expect(valuesOf(response)).toEqual({ name: 'Jane Doe', insured: true, payer: 'Aetna', rel: 'child', subName: 'Mina', age: 30, how: 'web', sign: 'Jane Doe' });
  });

  it('an open-choice answer not among the options is kept as text; false and 0 are answers', () => {
    const response = toResponse(q, { how: 'my doctor', insured: false, age: 0 }, { status: 'in-progress' });
    expect(valuesOf(response)).toEqual({ how: 'my doctor', insured: false, age: 0 });
  });

  it('progress counts shown questions', () => {
    expect(progressOf(q, { name: 'J', insured: false })).toEqual({ answered: 2, total: 6 });
    expect(progressOf(q, { name: 'J', insured: true })).toEqual({ answered: 2, total: 9 });
  });
});

describe('questionnaireProblems', () => {
  it('accepts the test form and names what is wrong with a broken one', () => {
    expect(questionnaireProblems(q)).toEqual([]);
    const broken = form([
      { linkId: 'a', text: 'A', type: 'choice' },
      { linkId: 'a', text: 'Again', type: 'string' },
      { linkId: 'b', type: 'string', enableWhen: [{ question: 'later', operator: '=', answerString: 'x' }] },
      { linkId: 'later', text: 'L', type: 'string' },
      { linkId: 'bad id!', text: 'X', type: 'string' },
    ]);
    expect(questionnaireProblems(broken)).toEqual([
      'a: a choice needs options.', 'linkId a is used twice.', 'b: a question needs text.', 'b: show-if must name an earlier question.',
      'Every item needs a linkId of letters, digits, dots, dashes or underscores.',
    ]);
  });
});

describe('attachment items (a file upload)', () => {
  const upload = form([
    { linkId: 'insured', text: 'Insured?', type: 'boolean' },
    {
      linkId: 'card', text: 'Photo of your insurance card (front and back)', type: 'attachment', required: true,
      enableWhen: [{ question: 'insured', operator: '=', answerBoolean: true }],
      extension: [{ url: MIME_TYPE_EXTENSION, valueCode: 'image/png' }, { url: MIME_TYPE_EXTENSION, valueCode: 'image/jpeg' }],
    },
  ]);

  it('the answer is a file id: required only while shown, with its own message; anything else is refused', () => {
    expect(answerProblems(upload, { insured: true })).toEqual([{ linkId: 'card', message: 'Upload a file.' }]);
    expect(answerProblems(upload, { insured: false })).toEqual([]);
    expect(answerProblems(upload, { insured: true, card: 'file123' })).toEqual([]);
    for (const bad of [42, true, 'https://evil.example/card.png', '../x', '']) {
      expect(answerProblems(upload, { insured: true, card: bad }).map((p) => p.message), String(bad)).toEqual(['Upload a file.']);
    }
  });

  it('accepts the kinds its mimeType extensions name (all upload types when none), only PDFs and images', () => {
    expect(acceptedTypes(flattenItems(upload)[1]!)).toEqual(['image/png', 'image/jpeg']);
    expect(acceptedTypes({ linkId: 'x', text: 'File', type: 'attachment' })).toEqual([...UPLOAD_TYPES]);
    expect(questionnaireProblems(upload)).toEqual([]);
    const zip = form([{ linkId: 'x', text: 'File', type: 'attachment', extension: [{ url: MIME_TYPE_EXTENSION, valueCode: 'application/zip' }] }]);
    expect(questionnaireProblems(zip)).toEqual(['x: a file upload takes PDFs and images only.']);
  });

  it('the response holds valueAttachment with the file id in an extension (no URL), read back as the id; reads as name and size', () => {
    const files = new Map([['file123', { contentType: 'image/png', size: 1_234_567, title: 'card.png' }]]);
    const response = toResponse(upload, { insured: true, card: 'file123' }, { status: 'completed', files });
    expect(response.item[1]).toEqual({
      linkId: 'card', text: 'Photo of your insurance card (front and back)',
      answer: [{ valueAttachment: { contentType: 'image/png', size: 1_234_567, title: 'card.png', extension: [{ url: 'https://cadence.app/fhir/StructureDefinition/file-id', valueString: 'file123' }] } }],
    });
    expect(response.item[1]!.answer![0]!.valueAttachment).not.toHaveProperty('url');
    expect(valuesOf(response)).toEqual({ insured: true, card: 'file123' });
    const attachment = attachmentsOf(response).get('card');
    expect(attachment).toMatchObject({ fileId: 'file123', title: 'card.png' });
    expect(answerText(flattenItems(upload)[1]!, 'file123', attachment)).toBe('card.png (1.2 MB)');
    expect(() => toResponse(upload, { insured: true, card: 'unknown' }, { status: 'completed' })).toThrow();
  });
});

describe('the shipped templates', () => {
  const project = JSON.parse(readFileSync(new URL('../appwrite.json', import.meta.url), 'utf8')) as { collections: Array<{ $id: string; attributes: Array<{ key: string }> }> };
  const clientAttributes = new Set(project.collections.find((c) => c.$id === 'clients')!.attributes.map((a) => a.key));

  it.each(FORM_TEMPLATES.map((t) => [t.id, t] as const))('%s is a valid form whose mapped items name client-record attributes', (_id, template) => {
    expect(questionnaireProblems(template)).toEqual([]);
    for (const item of flattenItems(template)) {
      const field = clientFieldOf(item);
      if (field) expect(clientAttributes, field).toContain(field);
    }
  });

  it('demographics, emergency contact and insurance map to the record; payment preferences asks for no card data', () => {
    const mapped = (id: string) => flattenItems(formTemplateOf(id)!).map(clientFieldOf).filter(Boolean);
    expect(mapped('demographics')).toEqual(expect.arrayContaining(['firstName', 'lastName', 'dateOfBirth', 'phone', 'email', 'addressLine1', 'postalCode']));
    expect(mapped('emergency-contact')).toEqual(['emergencyContactName', 'emergencyContactRelationship', 'emergencyContactPhone']);
    expect(mapped('insurance')).toEqual(expect.arrayContaining(['insurancePayerName', 'insuranceMemberId', 'insuranceSubscriberDob', 'secondaryInsuranceMemberId']));
    const questions = flattenItems(formTemplateOf('payment-preferences')!).filter(isQuestion).map((i) => String(i.text).toLowerCase()).join(' ');
    for (const word of ['card number', 'cvc', 'cvv', 'expir', 'security code']) expect(questions).not.toContain(word);
  });

  it('a form sent before an attribute was renamed maps its answers to the renamed field', () => {
    // A sent form keeps its questionnaire as sent (lib/attribute-renames.js): its items name the old keys.
    const sent = structuredClone(formTemplateOf('insurance')!);
    const old: Record<string, string> = { insuranceSubscriberRelation: 'insuranceSubscriberRelationship', secondaryInsuranceSubscriberDob: 'secondaryInsuranceSubscriberDateOfBirth' };
    for (const item of flattenItems(sent)) for (const e of item.extension ?? []) if (e.valueString && old[e.valueString]) e.valueString = old[e.valueString];
    expect(JSON.stringify(sent)).toContain('"secondaryInsuranceSubscriberDateOfBirth"');
    expect(flattenItems(sent).map(clientFieldOf)).toEqual(flattenItems(formTemplateOf('insurance')!).map(clientFieldOf));
    expect(flattenItems(sent).map(clientFieldOf)).toEqual(expect.arrayContaining(['insuranceSubscriberRelation', 'secondaryInsuranceSubscriberDob']));
  });

  it('insurance: the policy holder is asked only when it is not the client', () => {
    const insurance = formTemplateOf('insurance')!;
    const base = { coverage: 'insurance', insurancePayerName: 'Aetna', insuranceMemberId: 'M1', signature: 'Ada Lovelace' };
    expect(answerProblems(insurance, { ...base, insuranceSubscriberRelationship: 'self' })).toEqual([]);
    expect(answerProblems(insurance, { ...base, insuranceSubscriberRelationship: 'child' }).map((p) => p.linkId)).toEqual(['insuranceSubscriberName', 'insuranceSubscriberDateOfBirth']);
    expect(answerProblems(insurance, { coverage: 'self-pay', signature: 'Ada Lovelace' })).toEqual([]);
  });

  it('insurance (version 2) asks for a photo of the card, optional, only when paying with insurance', () => {
    const insurance = formTemplateOf('insurance')!;
    expect(insurance.version).toBe('2');
    const card = flattenItems(insurance).find((i) => i.linkId === 'insuranceCard')!;
    expect(card).toMatchObject({ type: 'attachment', text: 'Photo of your insurance card (front and back)' });
    expect(card.required).toBeUndefined();
    expect(enabledItems(insurance, { coverage: 'self-pay' }).get('insuranceCard')).toBe(false);
    expect(enabledItems(insurance, { coverage: 'insurance' }).get('insuranceCard')).toBe(true);
  });
});
