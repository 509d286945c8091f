import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FunctionRefusedError } from '@cadence/shared-auth';
import { crisisLinesFor } from './crisis.ts';
import { MeasureForm } from './measure-form.tsx';
import { firstUnanswered, questionnaireModel } from './measure-model.ts';

const ORDINAL = 'http://hl7.org/fhir/StructureDefinition/ordinalValue';
const answers = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'].map((display, value) => ({
  valueCoding: { system: 'http://loinc.org', display }, extension: [{ url: ORDINAL, valueDecimal: value }],
}));
// Shaped as submit-measure sends it (backend/functions/lib/measures.js questionnaireOf), PHQ-2 plus an optional question.
const QUESTIONNAIRE = {
  resourceType: 'Questionnaire', id: 'phq-2', title: 'Patient Health Questionnaire (PHQ-2)', status: 'active', copyright: 'Copyright © Pfizer Inc.',
  item: [
    { linkId: 'stem', type: 'display', text: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?' },
    { linkId: 'q1', type: 'choice', required: true, text: 'Little interest or pleasure in doing things', answerOption: answers },
    { linkId: 'q2', type: 'choice', required: true, text: 'Feeling down, depressed, or hopeless', answerOption: answers },
    { linkId: 'difficulty', type: 'choice', required: false, text: 'How difficult?', answerOption: answers },
  ],
};

describe('questionnaireModel', () => {
  it('reads the stem, the questions with their 0–3 answers, and the attribution, word for word', () => {
    const model = questionnaireModel(QUESTIONNAIRE);
    expect(model.stem).toBe(QUESTIONNAIRE.item[0]!.text);
    expect(model.questions.map((q) => [q.linkId, q.required])).toEqual([['q1', true], ['q2', true], ['difficulty', false]]);
    expect(model.questions[0]!.options).toEqual([
      { value: 0, label: 'Not at all' }, { value: 1, label: 'Several days' }, { value: 2, label: 'More than half the days' }, { value: 3, label: 'Nearly every day' },
    ]);
    expect(model.attribution).toBe('Copyright © Pfizer Inc.');
    expect(firstUnanswered(model, { q1: 0 })).toEqual({ linkId: 'q2', message: 'Answer question 2.' });
    expect(firstUnanswered(model, { q1: 0, q2: 3 })).toBeNull();
  });

  it('refuses a questionnaire it cannot show whole (an answer without its value)', () => {
    const broken = { ...QUESTIONNAIRE, item: [QUESTIONNAIRE.item[0], { ...QUESTIONNAIRE.item[1], answerOption: [{ valueCoding: { display: 'Not at all' } }] }] };
    expect(() => questionnaireModel(broken)).toThrow(/unreadable answers/);
  });
});

describe('MeasureForm', () => {
  it('each question is a radio group named by its text; the keyboard answers; an unanswered one is named and focused, nothing chosen is lost', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<MeasureForm measure={questionnaireModel(QUESTIONNAIRE)} onSubmit={onSubmit} />);
    const first = screen.getByRole('group', { name: '1. Little interest or pleasure in doing things' });
    await user.click(within(first).getByRole('radio', { name: 'Not at all' }));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(first).getByRole('radio', { name: 'More than half the days' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const second = screen.getByRole('group', { name: '2. Feeling down, depressed, or hopeless' });
    expect(within(second).getByText('Answer question 2.')).toBeVisible();
    expect(within(second).getAllByRole('radio')[0]).toHaveFocus();
    expect(within(first).getByRole('radio', { name: 'More than half the days' })).toBeChecked();

    await user.keyboard(' ');
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(onSubmit).toHaveBeenCalledWith({ q1: 2, q2: 0 });
    expect(screen.getByRole('group', { name: 'How difficult? (optional)' })).toBeInTheDocument();
    expect(screen.getByText('Copyright © Pfizer Inc.')).toBeVisible();
  });

  it('a refusal naming a question is shown at that question', async () => {
    const user = userEvent.setup();
    const refusal = { success: false, error: 'Choose one of the answers to question 1.', field: 'answers.q1' };
    const onSubmit = vi.fn(() => Promise.reject(new FunctionRefusedError(refusal.error, 400, refusal)));
    render(<MeasureForm measure={questionnaireModel(QUESTIONNAIRE)} onSubmit={onSubmit} />);
    for (const group of screen.getAllByRole('group').slice(0, 2)) await user.click(within(group).getByRole('radio', { name: 'Several days' }));
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    const first = screen.getByRole('group', { name: /^1\. / });
    expect(await within(first).findByText('Choose one of the answers to question 1.')).toBeVisible();
  });
});

describe('crisisLinesFor', () => {
  it('988 and 911 in the US; the generic advice elsewhere; both while the practice has no country', () => {
    expect(crisisLinesFor('US')).toBe('us');
    expect(crisisLinesFor('ES')).toBe('generic');
    expect(crisisLinesFor('CA')).toBe('generic');
    expect(crisisLinesFor(null)).toBe('us-and-generic');
  });
});
