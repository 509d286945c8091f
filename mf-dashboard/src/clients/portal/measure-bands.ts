// The measures' published severity bands (../shared/reference/client-portal.md §7), as the chart and
// table show them. The scoring itself is the server's (backend/functions/lib/measures.js scoreMeasure,
// which stores each response's band); backend/test/measures.test.ts checks these are its bands.

export type InstrumentId = 'phq-9' | 'gad-7' | 'phq-2' | 'gad-2';

export interface Band {
  key: string;
  min: number;
  max: number;
  label: string;
}

export interface InstrumentBands {
  id: InstrumentId;
  name: string;
  maxTotal: number;
  bands: readonly Band[];
}

const SCREEN: readonly Band[] = [
  { key: 'negative', min: 0, max: 2, label: 'Negative screen' },
  { key: 'positive', min: 3, max: 6, label: 'Positive screen' },
];

export const INSTRUMENT_BANDS: Record<InstrumentId, InstrumentBands> = {
  'phq-9': {
    id: 'phq-9', name: 'PHQ-9', maxTotal: 27,
    bands: [
      { key: 'minimal', min: 0, max: 4, label: 'Minimal' },
      { key: 'mild', min: 5, max: 9, label: 'Mild' },
      { key: 'moderate', min: 10, max: 14, label: 'Moderate' },
      { key: 'moderately_severe', min: 15, max: 19, label: 'Moderately severe' },
      { key: 'severe', min: 20, max: 27, label: 'Severe' },
    ],
  },
  'gad-7': {
    id: 'gad-7', name: 'GAD-7', maxTotal: 21,
    bands: [
      { key: 'minimal', min: 0, max: 4, label: 'Minimal' },
      { key: 'mild', min: 5, max: 9, label: 'Mild' },
      { key: 'moderate', min: 10, max: 14, label: 'Moderate' },
      { key: 'severe', min: 15, max: 21, label: 'Severe' },
    ],
  },
  'phq-2': { id: 'phq-2', name: 'PHQ-2', maxTotal: 6, bands: SCREEN },
  'gad-2': { id: 'gad-2', name: 'GAD-2', maxTotal: 6, bands: SCREEN },
};

export const INSTRUMENT_IDS = Object.keys(INSTRUMENT_BANDS) as InstrumentId[];

export const isInstrumentId = (id: unknown): id is InstrumentId => typeof id === 'string' && Object.hasOwn(INSTRUMENT_BANDS, id);

/** The band a total falls in. */
export function bandOf(instrument: InstrumentBands, total: number): Band | null {
  return instrument.bands.find((band) => total >= band.min && total <= band.max) ?? null;
}

/** The chart's height in its own units; one unit per point of the total would squash PHQ-2. */
export const CHART_HEIGHT = 120;

/** Where a total sits on the chart (0 at the bottom). */
export const yOf = (instrument: InstrumentBands, total: number): number => CHART_HEIGHT - (total / instrument.maxTotal) * CHART_HEIGHT;

/**
 * Each band as a horizontal strip. The published bands are whole numbers (PHQ-9 mild 5–9), so a
 * strip runs half a point past each end: every possible total sits inside its own band's strip,
 * never on an edge between two.
 */
export function bandStrips(instrument: InstrumentBands): Array<Band & { y: number; height: number }> {
  return instrument.bands.map((band) => {
    const top = yOf(instrument, Math.min(instrument.maxTotal, band.max + 0.5));
    const bottom = yOf(instrument, Math.max(0, band.min - 0.5));
    return { ...band, y: top, height: bottom - top };
  });
}
