// Issue 31 "Tests — unit: scoring with every band edge, the item-9 rule" (lib/measures.js): the
// published bands of PHQ-9 and GAD-7, PHQ-2/GAD-2's cut-off, the self-harm item, the answers
// submit-measure accepts, and the wording and codes of each questionnaire
// (../shared/reference/client-portal.md §7).
import { describe, expect, it } from 'vitest';
import {
  answersOf, FREQUENCY_ANSWERS, GAD_STEM, INSTRUMENTS, MEASURE_ATTRIBUTION, MeasureAnswerError, PHQ_STEM, questionnaireOf, scoreMeasure,
} from '../functions/lib/measures.js';
import { INSTRUMENT_BANDS } from '../../mf-dashboard/src/clients/portal/measure-bands.ts';

const phq9 = INSTRUMENTS['phq-9']!;
const gad7 = INSTRUMENTS['gad-7']!;
const phq2 = INSTRUMENTS['phq-2']!;
const gad2 = INSTRUMENTS['gad-2']!;

/** Answers to every scored item that add up to `total`, filled from the first item, with overrides. */
function answersTotalling(instrument: typeof phq9, total: number, overrides: Record<string, number> = {}): Record<string, number> {
  let left = total - Object.values(overrides).reduce((a, b) => a + b, 0);
  const answers: Record<string, number> = { ...overrides };
  for (const item of instrument.items.filter((i) => i.scored && !(i.linkId in overrides))) {
    answers[item.linkId] = Math.min(3, left);
    left -= answers[item.linkId]!;
  }
  if (left !== 0) throw new Error(`cannot reach ${total}`);
  return answers;
}

const score = (instrument: typeof phq9, total: number, overrides?: Record<string, number>) => scoreMeasure(instrument, answersOf(instrument, answersTotalling(instrument, total, overrides)));

describe('scoring: the published bands at every edge', () => {
  it.each([
    [0, 'minimal'], [4, 'minimal'], [5, 'mild'], [9, 'mild'], [10, 'moderate'], [14, 'moderate'],
    [15, 'moderately_severe'], [19, 'moderately_severe'], [20, 'severe'], [27, 'severe'],
  ])('PHQ-9 total %i is %s', (total, band) => {
    // Item 9 kept at 0 so the total alone decides (items 1–8 reach 24; 25–27 need item 9).
    const result = total <= 24 ? score(phq9, total, { q9: 0 }) : score(phq9, total);
    expect(result).toMatchObject({ total, severity: band });
  });

  it.each([[0, 'minimal'], [4, 'minimal'], [5, 'mild'], [9, 'mild'], [10, 'moderate'], [14, 'moderate'], [15, 'severe'], [21, 'severe']])(
    'GAD-7 total %i is %s', (total, band) => {
      expect(score(gad7, total)).toEqual({ total, severity: band, safetyAlert: false });
    },
  );

  it.each([[phq2, 2, 'negative'], [phq2, 3, 'positive'], [gad2, 2, 'negative'], [gad2, 3, 'positive'], [phq2, 6, 'positive'], [gad2, 0, 'negative']] as const)(
    '%s total %i is a %s screen', (instrument, total, band) => {
      expect(score(instrument, total)).toEqual({ total, severity: band, safetyAlert: false });
    },
  );

  it('the functional-difficulty question is stored but never scored', () => {
    const answers = answersOf(phq9, { ...answersTotalling(phq9, 4, { q9: 0 }), difficulty: 3 });
    expect(answers['difficulty']).toBe(3);
    expect(scoreMeasure(phq9, answers)).toMatchObject({ total: 4, severity: 'minimal' });
  });
});

describe('the item-9 rule: any thought of self-harm alerts, whatever the total', () => {
  it('item 9 = 1 with a total of 1 alerts', () => {
    expect(score(phq9, 1, { q9: 1 })).toEqual({ total: 1, severity: 'minimal', safetyAlert: true });
  });

  it.each([1, 2, 3])('item 9 = %i alerts', (value) => {
    expect(score(phq9, 12, { q9: value }).safetyAlert).toBe(true);
  });

  it('item 9 = 0 with a total of 24 (27 − 3) does not', () => {
    expect(score(phq9, 24, { q9: 0 })).toEqual({ total: 24, severity: 'severe', safetyAlert: false });
  });

  it('no other instrument alerts, even at its maximum', () => {
    for (const instrument of [gad7, phq2, gad2]) expect(score(instrument, instrument.maxTotal).safetyAlert).toBe(false);
  });
});

describe('answers: every item, an integer 0–3', () => {
  const refused = (run: () => unknown) => {
    try {
      run();
    } catch (e) {
      if (e instanceof MeasureAnswerError) return { message: e.message, linkId: e.linkId };
      throw e;
    }
    throw new Error('accepted');
  };
  const all = answersTotalling(phq9, 9);

  it('names the first unanswered item', () => {
    const { q9: _q9, ...without9 } = all;
    expect(refused(() => answersOf(phq9, without9))).toEqual({ message: 'Answer question 9.', linkId: 'q9' });
    expect(refused(() => answersOf(phq9, {}))).toEqual({ message: 'Answer question 1.', linkId: 'q1' });
    expect(refused(() => answersOf(phq9, null))).toMatchObject({ linkId: 'q1' });
  });

  it.each([4, -1, 1.5, '2', true])('refuses %j as an answer', (value) => {
    expect(refused(() => answersOf(phq9, { ...all, q4: value }))).toEqual({ message: 'Choose one of the answers to question 4.', linkId: 'q4' });
  });

  it('refuses a question the instrument does not have', () => {
    expect(refused(() => answersOf(gad7, { ...answersTotalling(gad7, 3), q9: 1 }))).toMatchObject({ linkId: 'q9' });
    expect(refused(() => answersOf(phq2, { ...answersTotalling(phq2, 3), q3: 0 }))).toMatchObject({ linkId: 'q3' });
  });
});

describe('wording and codes', () => {
  const questions = (instrument: typeof phq9) => questionnaireOf(instrument).item.filter((i) => i.type === 'choice');

  it('PHQ-9: the stem, nine items verbatim, the 0–3 answers and the unscored functional question', () => {
    const q = questionnaireOf(phq9);
    expect(q).toMatchObject({ resourceType: 'Questionnaire', status: 'active', copyright: MEASURE_ATTRIBUTION, code: [{ system: 'http://loinc.org', code: '44249-1' }] });
    expect(q.item[0]).toEqual({ linkId: 'stem', type: 'display', text: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?' });
    const items = questions(phq9);
    expect(items.filter((i) => i.required)).toHaveLength(9);
    expect(items.map((i) => i.text)).toEqual([
      'Little interest or pleasure in doing things',
      'Feeling down, depressed, or hopeless',
      'Trouble falling or staying asleep, or sleeping too much',
      'Feeling tired or having little energy',
      'Poor appetite or overeating',
      'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
      'Trouble concentrating on things, such as reading the newspaper or watching television',
      'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
      'Thoughts that you would be better off dead or of hurting yourself in some way',
      'If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?',
    ]);
    expect(items.at(-1)).toMatchObject({ linkId: 'difficulty', required: false });
    expect(items[0]!.answerOption!.map((o) => [o.valueCoding.display, o.extension[0]!.valueDecimal])).toEqual([
      ['Not at all', 0], ['Several days', 1], ['More than half the days', 2], ['Nearly every day', 3],
    ]);
    expect(items.slice(0, 7).map((i) => i.code?.[0]?.code)).toEqual(['44250-9', '44255-8', '44259-0', '44254-1', '44251-7', '44258-2', '44252-5']);
  });

  it('GAD-7: the stem, seven items verbatim and their LOINC codes', () => {
    const q = questionnaireOf(gad7);
    expect(q.copyright).toBe(MEASURE_ATTRIBUTION);
    expect(q.item[0]!.text).toBe('Over the last 2 weeks, how often have you been bothered by the following problems?');
    expect(questions(gad7).map((i) => i.text)).toEqual([
      'Feeling nervous, anxious or on edge',
      'Not being able to stop or control worrying',
      'Worrying too much about different things',
      'Trouble relaxing',
      'Being so restless that it is hard to sit still',
      'Becoming easily annoyed or irritable',
      'Feeling afraid as if something awful might happen',
    ]);
    expect(questions(gad7).map((i) => i.code?.[0]?.code)).toEqual(['69725-0', '68509-9', '69733-4', '69734-2', '69735-9', '69689-8', '69736-7']);
    expect(questions(gad7).every((i) => i.required)).toBe(true);
  });

  it('PHQ-2 and GAD-2 are the first two items of PHQ-9 and GAD-7 under the same stem', () => {
    expect(questions(phq2).map((i) => i.text)).toEqual(questions(phq9).slice(0, 2).map((i) => i.text));
    expect(questions(gad2).map((i) => i.text)).toEqual(questions(gad7).slice(0, 2).map((i) => i.text));
    expect([phq2.stem, gad2.stem]).toEqual([PHQ_STEM, GAD_STEM]);
  });

  it('the attribution credits Pfizer and the authors; the answers carry LOINC answer codes', () => {
    expect(MEASURE_ATTRIBUTION).toContain('Copyright © Pfizer Inc.');
    expect(MEASURE_ATTRIBUTION).toContain('Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues, with an educational grant from Pfizer Inc.');
    expect(FREQUENCY_ANSWERS.map((a) => a.code)).toEqual(['LA6568-5', 'LA6569-3', 'LA6570-1', 'LA6571-9']);
  });
});

describe('the dashboard’s chart bands', () => {
  it('are the scoring’s bands, instrument by instrument (mf-dashboard measure-bands.ts)', () => {
    for (const instrument of Object.values(INSTRUMENTS)) {
      const shown = INSTRUMENT_BANDS[instrument.id as keyof typeof INSTRUMENT_BANDS];
      expect({ name: shown.name, maxTotal: shown.maxTotal, bands: shown.bands }).toEqual({ name: instrument.name, maxTotal: instrument.maxTotal, bands: instrument.bands });
    }
    expect(Object.keys(INSTRUMENT_BANDS).sort()).toEqual(Object.keys(INSTRUMENTS).sort());
  });
});
