import { describe, expect, it } from 'vitest';
import { bandOf, bandStrips, CHART_HEIGHT, INSTRUMENT_BANDS, INSTRUMENT_IDS, yOf } from './measure-bands.ts';

describe('the chart’s severity bands (issue 31)', () => {
  it('PHQ-9’s published edges: 4 minimal, 5 mild, 9 mild, 10 moderate, 14, 15 moderately severe, 19, 20 severe, 27', () => {
    const phq9 = INSTRUMENT_BANDS['phq-9'];
    expect([0, 4, 5, 9, 10, 14, 15, 19, 20, 27].map((t) => bandOf(phq9, t)?.key)).toEqual([
      'minimal', 'minimal', 'mild', 'mild', 'moderate', 'moderate', 'moderately_severe', 'moderately_severe', 'severe', 'severe',
    ]);
    const gad7 = INSTRUMENT_BANDS['gad-7'];
    expect([4, 5, 9, 10, 14, 15, 21].map((t) => bandOf(gad7, t)?.key)).toEqual(['minimal', 'mild', 'mild', 'moderate', 'moderate', 'severe', 'severe']);
    expect([2, 3, 6].map((t) => bandOf(INSTRUMENT_BANDS['phq-2'], t)?.key)).toEqual(['negative', 'positive', 'positive']);
    expect(bandOf(phq9, 28)).toBeNull();
  });

  it('every possible total is drawn strictly inside its own band’s strip, and the strips cover the chart without gaps', () => {
    for (const id of INSTRUMENT_IDS) {
      const instrument = INSTRUMENT_BANDS[id];
      const strips = bandStrips(instrument);
      for (let total = 0; total <= instrument.maxTotal; total += 1) {
        const y = yOf(instrument, total);
        const strip = strips.find((s) => s.key === bandOf(instrument, total)?.key);
        expect(strip, `${id} ${total}`).toBeDefined();
        // Inside (the chart's top and bottom are the only shared lines: 0 and the maximum).
        expect(y).toBeGreaterThanOrEqual(strip!.y);
        expect(y).toBeLessThanOrEqual(strip!.y + strip!.height);
        if (total !== 0 && total !== instrument.maxTotal) {
          expect(y, `${id} ${total} off the edge`).toBeGreaterThan(strip!.y);
          expect(y).toBeLessThan(strip!.y + strip!.height);
        }
      }
      const sorted = [...strips].sort((a, b) => a.y - b.y);
      expect(sorted[0]!.y).toBe(0);
      expect(sorted.at(-1)!.y + sorted.at(-1)!.height).toBeCloseTo(CHART_HEIGHT);
      for (let i = 1; i < sorted.length; i += 1) expect(sorted[i]!.y).toBeCloseTo(sorted[i - 1]!.y + sorted[i - 1]!.height);
    }
  });

  it('PHQ-9’s strip edges sit half a point past the published edges (4.5, 9.5, 14.5, 19.5)', () => {
    const phq9 = INSTRUMENT_BANDS['phq-9'];
    const edges = bandStrips(phq9).slice(1).map((s) => s.y + s.height);
    expect(edges).toEqual([4.5, 9.5, 14.5, 19.5].map((t) => yOf(phq9, t)));
  });
});
