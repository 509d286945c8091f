import { useId } from 'react';

export interface Bar {
  label: string;
  /** The value in full, for assistive technology and the table beside it ("$1,200.00"). */
  valueText: string;
  /** The value as printed over the bar ("$1.2K"): short enough for a phone's column. */
  shortText: string;
  value: number;
}

/**
 * A small bar chart in HTML: a list with one item per value, each bar scaled to the largest and
 * labelled with its value above and its name below. A screen reader hears each item once in full
 * ("March: $200.00"); the short texts on screen are hidden from it. HTML rather than SVG so the
 * labels keep their size at any width (a stretched SVG stretches its text).
 */
export function BarChart({ title, bars }: { title: string; bars: readonly Bar[] }) {
  const titleId = useId();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <figure className="money-chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="ui-visually-hidden">
        {title}
      </figcaption>
      <ol className="money-chart__bars" aria-labelledby={titleId}>
        {bars.map((bar) => (
          <li key={bar.label} className="money-chart__item">
            <span className="ui-visually-hidden">{`${bar.label}: ${bar.valueText}`}</span>
            <span className="money-chart__value" aria-hidden="true">
              {bar.shortText}
            </span>
            <span className="money-chart__track" aria-hidden="true">
              <span className="money-chart__bar" style={{ blockSize: `${(Math.max(0, bar.value) / max) * 100}%` }} />
            </span>
            <span className="money-chart__label" aria-hidden="true">
              {bar.label.slice(0, 3)}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
