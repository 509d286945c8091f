import { useId } from 'react';

export interface Bar {
  label: string;
  /** Shown on the bar's title and to assistive technology ("$1,200.00"). */
  valueText: string;
  value: number;
}

/**
 * A small bar chart in SVG: one bar per value, scaled to the largest, each with its label and value
 * named for screen readers (role="img" per bar inside a labelled group). The table beside it holds
 * the same numbers; the chart only shows their shape.
 */
export function BarChart({ title, bars }: { title: string; bars: readonly Bar[] }) {
  const titleId = useId();
  const width = 640;
  const height = 220;
  const top = 12;
  const bottom = 28;
  const plot = height - top - bottom;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const step = width / Math.max(1, bars.length);
  const barWidth = step * 0.6;
  return (
    <figure className="money-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="group" aria-labelledby={titleId} preserveAspectRatio="none">
        <title id={titleId}>{title}</title>
        <line x1={0} x2={width} y1={top + plot} y2={top + plot} className="money-chart__axis" />
        {bars.map((bar, index) => {
          const barHeight = Math.max(0, (bar.value / max) * plot);
          const x = index * step + (step - barWidth) / 2;
          return (
            <g key={bar.label} role="img" aria-label={`${bar.label}: ${bar.valueText}`}>
              <title>{`${bar.label}: ${bar.valueText}`}</title>
              <rect x={x} y={top + plot - barHeight} width={barWidth} height={barHeight} className="money-chart__bar" />
              <text x={x + barWidth / 2} y={height - 8} textAnchor="middle" className="money-chart__label" aria-hidden="true">
                {bar.label.slice(0, 3)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
