import { useEffect } from 'react';
import { Table } from '@cadence/shared-ui/bundled';
import { formatInZone } from '../../shared/time-zone.ts';
import { bandOf, INSTRUMENT_BANDS, INSTRUMENT_IDS } from './measure-bands.ts';
import { MeasureChart } from './measure-chart.tsx';
import type { MeasureResponse } from './measures-api.ts';

export const MEASURE_SCORES_TEXT = {
  title: 'Scores over time',
  none: 'No answered questionnaires yet.',
  date: 'Date',
  total: 'Total',
  band: 'Band',
  item9: 'Item 9 (self-harm thoughts)',
  latest: (total: number, max: number, band: string) => `Latest: ${total} of ${max}, ${band}.`,
  outOf: (total: number, max: number) => `${total} of ${max}`,
  table: (name: string) => `${name} scores`,
} as const;

const T = MEASURE_SCORES_TEXT;
const FREQUENCY = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'];

/** Item 9's answer as the client chose it, with its value; flagged above 0. */
function item9Text(value: number | undefined): string {
  return value === undefined ? '—' : `${FREQUENCY[value] ?? value} (${value})${value > 0 ? ' — alert' : ''}`;
}

/**
 * Issue 31: each measure the client answered, its totals as a chart on the published bands and as a
 * table (date, total, band, and for PHQ-9 item 9) — newest row first. The anchor of each row is
 * the response's id, where Today's alert links.
 */
export function MeasureScores({ responses, timeZone }: { responses: readonly MeasureResponse[]; timeZone: string }) {
  const measured = INSTRUMENT_IDS.filter((id) => responses.some((r) => r.instrument === id));
  // Today's alert links to #measure-<id>: the rows render after the address, so scroll once they do.
  useEffect(() => {
    const target = window.location.hash.startsWith('#measure-') ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
    target?.scrollIntoView?.({ block: 'center' });
  }, [responses]);
  return (
    <section className="measure-scores" aria-labelledby="measure-scores-title">
      <h3 id="measure-scores-title">{T.title}</h3>
      {measured.length === 0 ? <p className="clients-muted">{T.none}</p> : null}
      {measured.map((id) => {
        const instrument = INSTRUMENT_BANDS[id];
        const mine = responses.filter((r) => r.instrument === id);
        const latest = mine.at(-1);
        const bandLabel = (total: number) => bandOf(instrument, total)?.label ?? '';
        const columns = [
          { key: 'date', header: T.date, rowHeader: true, cell: (r: MeasureResponse) => <span id={`measure-${r.id}`}>{formatInZone(r.submittedAt, timeZone, { show: 'date' })}</span> },
          { key: 'total', header: T.total, align: 'end' as const, cell: (r: MeasureResponse) => T.outOf(r.total, instrument.maxTotal) },
          // The band the server scored and stored.
          { key: 'band', header: T.band, cell: (r: MeasureResponse) => instrument.bands.find((b) => b.key === r.severity)?.label ?? bandLabel(r.total) },
          ...(id === 'phq-9' ? [{ key: 'item9', header: T.item9, cell: (r: MeasureResponse) => item9Text(r.answers['q9']) }] : []),
        ];
        return (
          <div key={id} className="measure-scores__instrument">
            <h4>{instrument.name}</h4>
            {latest ? <MeasureChart instrument={instrument} totals={mine.map((r) => r.total)} latestText={T.latest(latest.total, instrument.maxTotal, bandLabel(latest.total))} /> : null}
            <Table caption={T.table(instrument.name)} hideCaption columns={columns} rows={[...mine].reverse()} rowKey={(r) => r.id} empty={T.none} />
          </div>
        );
      })}
    </section>
  );
}
