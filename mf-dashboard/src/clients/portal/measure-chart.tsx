import { useId } from 'react';
import { bandStrips, CHART_HEIGHT, yOf, type InstrumentBands } from './measure-bands.ts';

const WIDTH = 300;
const PAD = 12;

/** x of the i-th of n points: spread evenly, one alone in the middle. */
const xOf = (i: number, n: number) => (n <= 1 ? WIDTH / 2 : PAD + (i * (WIDTH - 2 * PAD)) / (n - 1));

/**
 * One measure's totals over time on its published severity bands: an inline SVG (no chart library:
 * a few rectangles and a line), the bands named in an HTML legend beside it. Its description says
 * the latest total; every total is in the table below it, which is what assistive technology reads.
 */
export function MeasureChart({ instrument, totals, latestText }: { instrument: InstrumentBands; totals: readonly number[]; latestText: string }) {
  const titleId = useId();
  const strips = bandStrips(instrument);
  const points = totals.map((total, i) => ({ x: xOf(i, totals.length), y: yOf(instrument, total) }));
  return (
    <figure className="measure-chart">
      <svg viewBox={`0 0 ${WIDTH} ${CHART_HEIGHT}`} role="img" aria-labelledby={titleId} className="measure-chart__svg">
        <title id={titleId}>{`${instrument.name} totals over time. ${latestText}`}</title>
        {strips.map((strip, i) => (
          <rect key={strip.key} x={0} y={strip.y} width={WIDTH} height={strip.height} className={`measure-chart__band measure-chart__band--${i}`} />
        ))}
        {points.length > 1 ? (
          <polyline points={points.map((p) => `${p.x},${p.y}`).join(' ')} className="measure-chart__line" fill="none" />
        ) : null}
        {points.map((p, i) => <circle key={i} cx={p.x} cy={p.y} r={3.5} className="measure-chart__point" />)}
      </svg>
      <figcaption>
        <ul className="measure-chart__legend" aria-label={`${instrument.name} severity bands`}>
          {[...strips].reverse().map((strip) => (
            <li key={strip.key}>
              <span className={`measure-chart__swatch measure-chart__band--${strips.indexOf(strip)}`} aria-hidden="true" />
              {`${strip.label} ${strip.min}–${strip.max}`}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
