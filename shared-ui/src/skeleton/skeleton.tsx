import { cx } from '../class-names.ts';
import './skeleton.css';

export interface SkeletonProps {
  /** What is loading ("Loading clients"): announced politely, never shown. */
  label: string;
  /** Lines of text to stand in for (the last one shorter). */
  lines?: number;
  /** A block (a card, a chart) of this height instead of lines. */
  height?: string;
  className?: string;
}

/** The shape of content on its way; says what it waits for to assistive tech. Shimmers unless motion is reduced. */
export function Skeleton({ label, lines = 3, height, className }: SkeletonProps) {
  return (
    <div role="status" className={cx('ui-skeleton', className)}>
      <span className="ui-visually-hidden">{label}</span>
      {height ? (
        <span className="ui-skeleton__shape ui-skeleton__block" style={{ blockSize: height }} aria-hidden="true" />
      ) : (
        Array.from({ length: lines }, (_, index) => <span key={index} className="ui-skeleton__shape ui-skeleton__line" aria-hidden="true" />)
      )}
    </div>
  );
}
