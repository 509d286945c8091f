import { formatDate } from '@cadence/shared-auth';
import { Alert, Button, Card, Select, StatusChip, type BadgeTone } from '@cadence/shared-ui';
import { Table, type TableColumn } from '@cadence/shared-ui/bundled';
import type { ClientDocument } from '../api/client-document.ts';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, remapColumn, type ColumnMapping, type ImportField } from './column-mapping.ts';
import { countryName } from '../../shared/country.ts';
import { formatMoney, type DecimalSeparator } from '@cadence/shared-auth/money';
import type { DateOrder } from './import-dates.ts';
import { ImportDateOrder } from './import-date-order.tsx';
import { ImportDecimalSeparator } from './import-decimal-separator.tsx';
import { ImportEncodingNotice } from './import-encoding.tsx';
import type { ImportFileReading, LegacyEncoding, ParsedCsv } from './import-file.ts';
import { previewRows, PREVIEW_ROWS, type ImportPlan, type ImportRow, type ImportRowStatus } from './import-rows.ts';

const FIELD_OPTIONS = IMPORT_FIELDS.map((field) => ({ value: field, label: IMPORT_FIELD_LABELS[field] }));

export const ROW_STATUS: Record<ImportRowStatus, { label: string; tone: BadgeTone }> = {
  ready: { label: 'Ready', tone: 'success' },
  duplicate: { label: 'Duplicate, skipped', tone: 'warning' },
  rejected: { label: 'Not imported', tone: 'danger' },
};

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** An example value of a column, so a header like "Field 7" can still be matched. */
function sampleOf(parsed: ParsedCsv, column: number): string | undefined {
  const sample = parsed.rows.slice(0, 20).map((row) => (row[column] ?? '').trim()).find((cell) => cell !== '');
  if (sample === undefined) return undefined;
  return `For example: ${sample.length > 40 ? `${sample.slice(0, 40)}…` : sample}`;
}

/** A date of birth as it will be stored, written with the month's name so neither order can misread it, and as the file wrote it. */
function DateOfBirthCell({ row, written }: { row: ImportRow<unknown>; written: string }) {
  const stored = row.client?.dateOfBirth;
  if (!stored) return written;
  const shown = formatDate(stored);
  return written && written !== stored ? `${shown} (file: ${written})` : shown;
}

/** A fee as it will be stored, and as the file wrote it when that reads differently. */
function FeeCell({ row, written }: { row: ImportRow<unknown>; written: string }) {
  const fee = row.client?.feeOverride;
  if (fee == null || !row.client) return written;
  const shown = formatMoney(fee, row.client.currency);
  return written && written !== shown ? `${shown} (file: ${written})` : shown;
}

export const PHONE_COUNTRY_TEXT = (country: string) =>
  `Phone numbers without + or 00 are read as ${country} numbers (Practice details → Country).`;

const PHONE_FIELDS: readonly ImportField[] = ['phone', 'emergencyContactPhone'];

/** The cell a field came from, as the file wrote it (rejected rows have no client to show). */
function cellOf(row: ImportRow<unknown>, mapping: ColumnMapping, field: ImportField): string {
  const column = mapping.indexOf(field);
  return column >= 0 ? (row.cells[column] ?? '').trim() : '';
}

function nameOf(row: ImportRow<unknown>, mapping: ColumnMapping): string {
  if (row.client) return `${row.client.firstName} ${row.client.lastName}`;
  const parts = [cellOf(row, mapping, 'firstName'), cellOf(row, mapping, 'lastName')].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : cellOf(row, mapping, 'fullName');
}

export interface ImportMappingStepProps {
  fileName: string;
  parsed: ImportFileReading;
  /** The person's choice of reading for a file that is not UTF-8 (the guess until then). */
  onEncodingChange: (encoding: LegacyEncoding) => void;
  /** Why the file cannot be read the way the person chose. */
  encodingError: string | null;
  mapping: ColumnMapping;
  onMappingChange: (mapping: ColumnMapping) => void;
  problems: readonly string[];
  plan: ImportPlan<ClientDocument>;
  /** The person's choice of date order (the file's own evidence until then). */
  onDateOrderChange: (order: DateOrder) => void;
  /** The person's choice of decimal separator for amounts (the file's own evidence until then). */
  onDecimalSeparatorChange: (separator: DecimalSeparator) => void;
  onImport: () => void;
  starting: boolean;
  /** Why the import could not start (the client list failed to load again). */
  startError: string | null;
  onChooseAnother: () => void;
}

/** Step 2: every column matched to a field (or not imported), and the first rows as they would import. */
export function ImportMappingStep({ fileName, parsed, onEncodingChange, encodingError, mapping, onMappingChange, problems, plan, onDateOrderChange, onDecimalSeparatorChange, onImport, starting, startError, onChooseAnother }: ImportMappingStepProps) {
  const { counts } = plan;
  const columns: TableColumn<ImportRow<ClientDocument>>[] = [
    { key: 'row', header: 'Row', cell: (row) => row.rowNumber, align: 'end' },
    { key: 'name', header: 'Name', cell: (row) => nameOf(row, mapping) || '—', rowHeader: true },
    { key: 'email', header: 'Email', cell: (row) => row.client?.email ?? cellOf(row, mapping, 'email') },
    { key: 'dateOfBirth', header: 'Date of birth', cell: (row) => <DateOfBirthCell row={row} written={cellOf(row, mapping, 'dateOfBirth')} /> },
    ...(mapping.includes('feeOverride') ? [{ key: 'fee', header: 'Fee override', cell: (row: ImportRow<ClientDocument>) => <FeeCell row={row} written={cellOf(row, mapping, 'feeOverride')} /> }] : []),
    { key: 'result', header: 'Result', cell: (row) => <StatusChip {...ROW_STATUS[row.status]} /> },
    {
      key: 'problems',
      header: 'Problems',
      cell: (row) =>
        row.problems.length + row.notes.length === 0 ? (
          '—'
        ) : (
          <ul className="client-import__problems">
            {[...row.problems, ...row.notes].map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ),
    },
  ];
  const canImport = problems.length === 0 && counts.ready > 0 && !plan.dates.needsChoice && !plan.amounts.needsChoice;

  return (
    <>
      <Card
        title="2. Match columns"
        headingLevel={3}
        description={`${fileName}: ${plural(parsed.rows.length, 'row', 'rows')}. Each column fills the client field chosen for it; columns set to "Don't import" are left out.`}
      >
        <ImportEncodingNotice reading={parsed} onChange={onEncodingChange} error={encodingError} />
        <div className="client-import__mapping">
          {parsed.headers.map((header, column) => (
            <Select
              key={`${column}-${header}`}
              label={header}
              hint={sampleOf(parsed, column)}
              placeholder="Don't import"
              options={FIELD_OPTIONS}
              value={mapping[column] ?? ''}
              onChange={(event) => onMappingChange(remapColumn(mapping, column, (event.target.value || null) as ImportField | null))}
            />
          ))}
        </div>
        {problems.length > 0 && (
          <Alert tone="warning" title="Match the name columns before importing">
            {problems.map((problem) => (
              <p key={problem}>{problem}</p>
            ))}
          </Alert>
        )}
      </Card>

      <Card title="Preview" headingLevel={3} description={`The first ${PREVIEW_ROWS} rows as they would be imported, with what is wrong in each.`}>
        <ImportDateOrder dates={plan.dates} onChange={onDateOrderChange} />
        <ImportDecimalSeparator amounts={plan.amounts} onChange={onDecimalSeparatorChange} />
        {mapping.some((field) => field !== null && PHONE_FIELDS.includes(field)) && <p className="client-import__pivot">{PHONE_COUNTRY_TEXT(countryName(plan.country))}</p>}
        <p className="client-import__counts">
          {plural(counts.ready, 'client', 'clients')} ready to import · {plural(counts.duplicates, 'duplicate', 'duplicates')} to skip ·{' '}
          {plural(counts.rejected, 'row', 'rows')} with problems
        </p>
        <Table
          caption={`First ${Math.min(PREVIEW_ROWS, plan.rows.length)} of ${plural(plan.rows.length, 'row', 'rows')}`}
          columns={columns}
          rows={previewRows(plan)}
          rowKey={(row) => String(row.rowNumber)}
          empty="The file has no rows."
        />
        {problems.length === 0 && counts.ready === 0 && (
          <Alert tone="info" title="Nothing new to import">
            Every row of this file is already one of your clients or has a problem to fix first.
          </Alert>
        )}
        {startError && (
          <Alert tone="error" title="The import did not start">
            {startError}
          </Alert>
        )}
        <div className="client-import__actions">
          <Button variant="primary" onClick={onImport} disabled={!canImport} loading={starting} loadingLabel="Checking for duplicates…">
            {`Import ${plural(counts.ready, 'client', 'clients')}`}
          </Button>
          <Button onClick={onChooseAnother}>Choose another file</Button>
        </div>
      </Card>
    </>
  );
}
