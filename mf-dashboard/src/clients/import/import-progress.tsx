import { useEffect, useRef } from 'react';
import { Link } from '@cadence/shared-router';
import { Alert, Button, buttonClassName, Card, StatusChip } from '@cadence/shared-ui';
import { Table, type TableColumn } from '@cadence/shared-ui/bundled';
import type { ClientDocument } from '../api/client-document.ts';
import { ROW_STATUS } from './import-mapping-step.tsx';
import { rejectedRowsCsv, type ImportRow } from './import-rows.ts';
import type { ImportRun } from './import-run.ts';
import { saveFile } from '@cadence/shared-auth';

/** Rows listed on screen; the rest are in the downloadable CSV (no thousand-row DOM). */
const LISTED_ROWS = 100;
export const REJECTED_FILE_NAME = 'rejected-rows.csv';

const count = (n: number) => n.toLocaleString('en-US');

export interface ImportProgressProps {
  run: ImportRun;
  onRetry: () => void;
  onImportAnother: () => void;
}

/** Step 3: the batches' progress, then what happened to every row. */
export function ImportProgress({ run, onRetry, onImportAnother }: ImportProgressProps) {
  const headingRef = useRef<HTMLDivElement>(null);
  const finished = run.status === 'finished';
  const { duplicates, rejected } = run.plan.counts;
  const notImported = run.failed.reduce((sum, batch) => sum + batch.clients.length, 0);
  const percent = run.total === 0 ? 100 : Math.round((run.imported / run.total) * 100);
  const skipped = run.plan.rows.filter((row) => row.status !== 'ready');

  // The summary replaces the progress bar: take a screen reader user to it.
  useEffect(() => {
    if (finished) headingRef.current?.focus();
  }, [finished]);

  const columns: TableColumn<ImportRow<ClientDocument>>[] = [
    { key: 'row', header: 'Row', cell: (row) => row.rowNumber, align: 'end', rowHeader: true },
    { key: 'result', header: 'Result', cell: (row) => <StatusChip {...ROW_STATUS[row.status]} /> },
    { key: 'reasons', header: 'Reasons', cell: (row) => row.problems.join(' ') },
  ];

  return (
    <div ref={headingRef} tabIndex={-1} className="client-import__result">
      <Card title={finished ? 'Import finished' : 'Importing clients'} headingLevel={3} description={run.fileName}>
        <div
          role="progressbar"
          aria-label="Clients imported"
          aria-valuemin={0}
          aria-valuemax={run.total}
          aria-valuenow={run.imported}
          aria-valuetext={`${count(run.imported)} of ${count(run.total)} clients imported`}
          className="client-import__progress"
        >
          <div className="client-import__progress-bar" style={{ inlineSize: `${percent}%` }} />
        </div>
        {!finished && (
          <p>
            {count(run.imported)} of {count(run.total)} clients imported. You can leave this page: the import keeps going. Keep this tab
            open until it finishes.
          </p>
        )}
        {finished && (
          <ul className="client-import__summary" aria-label="Summary">
            <li>
              <strong>{count(run.imported)}</strong> imported
            </li>
            <li>
              <strong>{count(duplicates)}</strong> skipped as duplicates
            </li>
            <li>
              <strong>{count(rejected)}</strong> rejected
            </li>
            {notImported > 0 && (
              <li>
                <strong>{count(notImported)}</strong> not saved (server error)
              </li>
            )}
          </ul>
        )}
        {finished && run.failed.length > 0 && (
          <Alert tone="error" title="Some batches could not be saved" action={<Button onClick={onRetry}>Retry failed batches</Button>}>
            {run.failed.map((batch) => (
              <p key={batch.firstRow}>
                Rows {batch.firstRow}–{batch.lastRow}: {batch.message} Nothing from these rows was saved.
              </p>
            ))}
          </Alert>
        )}
        {finished && (
          <div className="client-import__actions">
            <Link to="/dashboard/clients" className={buttonClassName('primary')}>
              Go to clients
            </Link>
            {rejected > 0 && (
              <Button onClick={() => saveFile(new Blob([rejectedRowsCsv(run.plan)], { type: 'text/csv;charset=utf-8' }), REJECTED_FILE_NAME)}>
                Download rejected rows (CSV)
              </Button>
            )}
            <Button onClick={onImportAnother}>Import another file</Button>
          </div>
        )}
      </Card>
      {finished && skipped.length > 0 && (
        <Table
          caption={skipped.length > LISTED_ROWS ? `Rows not imported (first ${LISTED_ROWS} of ${count(skipped.length)})` : 'Rows not imported'}
          columns={columns}
          rows={skipped.slice(0, LISTED_ROWS)}
          rowKey={(row) => String(row.rowNumber)}
          empty="Every row was imported."
          maxHeight="28rem"
        />
      )}
    </div>
  );
}
