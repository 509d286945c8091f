import { useMemo, useState } from 'react';
import { useQueryClient } from '@cadence/shared-auth/query';
import { Link } from '@cadence/shared-router';
import { Alert, Button, Skeleton } from '@cadence/shared-ui';
import { Panel } from '../../dashboard/section-panels.tsx';
import { usePracticeSettings, useServices } from '../../practice/practice-queries.ts';
import { practiceCountry } from '../../shared/practice-country.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import { listClients } from '../api/list-clients.ts';
import { refreshClients } from '../client-mutations.ts';
import { useClients } from '../client-queries.ts';
import { guessMapping, mappingProblems, type ColumnMapping } from './column-mapping.ts';
import type { DecimalSeparator } from '@cadence/shared-auth/money';
import type { DateOrder } from './import-dates.ts';
import { readImportFile, type LegacyEncoding } from './import-file.ts';
import { ENCODING_TEXTS } from './import-encoding.tsx';
import { ImportFileStep, type ChosenFile } from './import-file-step.tsx';
import { ImportMappingStep } from './import-mapping-step.tsx';
import { ImportProgress } from './import-progress.tsx';
import { planImport } from './import-rows.ts';
import { clearImportRun, retryFailedBatches, startImportRun, useImportRun, type ImportRunDeps } from './import-run.ts';
import './client-import.css';

/**
 * /dashboard/clients/import (issue #13): choose a CSV file, match its columns to client fields and
 * preview the first rows, then import in batches with a progress bar and a summary. Duplicates of
 * stored clients and of earlier rows are skipped, so importing the same file again adds nothing.
 */
export function ClientImportPage() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const run = useImportRun(userId);
  const clients = useClients();
  const services = useServices();
  const settings = usePracticeSettings();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [dateOrder, setDateOrder] = useState<DateOrder | null>(null);
  const [decimalSeparator, setDecimalSeparator] = useState<DecimalSeparator | null>(null);
  const [encodingError, setEncodingError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);

  const context = useMemo(
    () => ({ services: services.data ?? [], currency: settings.data?.currency ?? undefined, country: practiceCountry(settings.data), dateOrder, decimalSeparator }),
    [services.data, settings.data, dateOrder, decimalSeparator],
  );
  const plan = useMemo(
    () => (file && clients.data ? planImport(file.parsed, mapping, { existing: clients.data, ...context }) : null),
    [file, mapping, clients.data, context],
  );

  const deps: ImportRunDeps = {
    storedIds: async () => new Set((await listClients(userId)).map((client) => client.$id)),
    onFinished: () => void refreshClients(queryClient, userId),
  };

  const chooseFile = (chosen: ChosenFile | null) => {
    setFile(chosen);
    setMapping(chosen ? guessMapping(chosen.parsed.headers) : []);
    setDateOrder(null);
    setDecimalSeparator(null);
    setEncodingError(null);
    setStartError(null);
  };

  // The same bytes read the other way: headers, samples, preview and rows all follow. A mapping the
  // person left as guessed is guessed again from the headers as they now read; one they changed stays.
  const readAs = (encoding: LegacyEncoding) => {
    if (!file) return;
    const reading = readImportFile({ name: file.name, size: file.bytes.length }, file.bytes, encoding);
    if (!reading.ok) {
      setEncodingError(ENCODING_TEXTS.refused(encoding, reading.message));
      return;
    }
    const guessed = guessMapping(file.parsed.headers);
    const untouched = mapping.length === guessed.length && mapping.every((field, column) => field === guessed[column]);
    setFile({ ...file, parsed: reading.value });
    if (untouched) setMapping(guessMapping(reading.value.headers));
    setEncodingError(null);
  };

  const startImport = async () => {
    if (!file) return;
    setStarting(true);
    setStartError(null);
    // Checked against the clients as stored now, not as loaded earlier (another tab may have added some).
    const fresh = await clients.refetch();
    setStarting(false);
    if (!fresh.data || fresh.isError) {
      setStartError('Loading your clients failed, so duplicates could not be checked. Nothing was imported; try again.');
      return;
    }
    const current = planImport(file.parsed, mapping, { existing: fresh.data, ...context });
    chooseFile(null);
    void startImportRun(userId, file.name, current, deps);
  };

  const loadFailed = [clients, services, settings].filter((query) => query.isError);
  let body;
  if (run) {
    body = <ImportProgress run={run} onRetry={() => void retryFailedBatches(deps)} onImportAnother={clearImportRun} />;
  } else if (loadFailed.length > 0) {
    body = (
      <Alert
        tone="error"
        title={clients.isError ? 'Loading clients failed' : services.isError ? 'Loading services failed' : 'Loading practice settings failed'}
        action={<Button onClick={() => loadFailed.forEach((query) => void query.refetch())}>Retry</Button>}
      >
        Your clients are needed to skip duplicates, and your services to match a default service.
      </Alert>
    );
  } else if (!clients.data || !services.data || settings.isPending) {
    body = <Skeleton label="Loading your clients and services to check the file against" lines={4} />;
  } else {
    body = (
      <>
        <ImportFileStep onRead={chooseFile} current={file?.name} />
        {file && plan && (
          <ImportMappingStep
            fileName={file.name}
            parsed={file.parsed}
            onEncodingChange={readAs}
            encodingError={encodingError}
            mapping={mapping}
            onMappingChange={setMapping}
            problems={mappingProblems(mapping)}
            plan={plan}
            onDateOrderChange={setDateOrder}
            onDecimalSeparatorChange={setDecimalSeparator}
            onImport={() => void startImport()}
            starting={starting}
            startError={startError}
            onChooseAnother={() => chooseFile(null)}
          />
        )}
      </>
    );
  }

  return (
    <Panel title="Import clients">
      <div className="client-import">
        <p>
          <Link to="/dashboard/clients">Back to clients</Link>
        </p>
        {body}
      </div>
    </Panel>
  );
}
