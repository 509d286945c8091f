import { executeFunction } from '@cadence/shared-auth';
import { Alert, Button } from '@cadence/shared-ui';
import { useId, useState } from 'react';
import { reasonOf } from '../account/account-api.ts';

// issue 17 "Full export": Settings → "Export all my data". The export-data function builds the ZIP
// (a CSV per kind of record, the FHIR R4 bundle, a README) from every practice document the
// therapist owns; an execution answers text, so the ZIP comes as base64 and is saved from a Blob.
// Nothing of it goes into a URL: the object URL names a blob in this tab only.

interface ExportAnswer {
  success?: boolean;
  error?: string | null;
  fileName: string;
  zipBase64: string;
}

export const EXPORT_MESSAGES = {
  working: 'Preparing your export… This can take up to half a minute for a large practice.',
  done: (fileName: string) => `Downloaded ${fileName}.`,
  failed: (reason: string) => `Could not export your data: ${reason}`,
} as const;

/** cadence-export-YYYY-MM-DD.zip in the therapist's own calendar day. */
export function exportFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `cadence-export-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.zip`;
}

/** The base64 the function answers, as bytes. */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Runs the export and saves the ZIP; resolves to the file name it was saved as. */
export async function exportAllData(): Promise<string> {
  const answer = await executeFunction<ExportAnswer>('exportData', {});
  const fileName = exportFileName();
  const url = URL.createObjectURL(new Blob([base64Bytes(answer.zipBase64)], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy; give the browser a moment before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}

type ExportState = { step: 'idle' } | { step: 'working' } | { step: 'done'; fileName: string } | { step: 'failed'; reason: string };

/** The button, its progress (an indeterminate bar: the server builds the ZIP in one call) and its outcome. */
export function ExportDataButton({ label = 'Export all my data' }: { label?: string }) {
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const statusId = useId();

  async function run() {
    setState({ step: 'working' });
    try {
      setState({ step: 'done', fileName: await exportAllData() });
    } catch (error) {
      setState({ step: 'failed', reason: reasonOf(error) });
    }
  }

  const working = state.step === 'working';
  return (
    <div className="account-stack">
      <div>
        <Button variant="secondary" className="account-action" onClick={() => void run()} disabled={working} loading={working} loadingLabel="Exporting..." aria-describedby={statusId}>
          {label}
        </Button>
      </div>
      <div id={statusId} role="status" aria-live="polite">
        {working && (
          <>
            <progress aria-label="Export progress" />
            <p className="account-text">{EXPORT_MESSAGES.working}</p>
          </>
        )}
        {state.step === 'done' && <p className="account-text">{EXPORT_MESSAGES.done(state.fileName)}</p>}
      </div>
      {state.step === 'failed' && <Alert tone="error">{EXPORT_MESSAGES.failed(state.reason)}</Alert>}
    </div>
  );
}

/** Settings → Security: "Export all my data". */
export function ExportDataPanel() {
  return (
    <div className="account-stack">
      <h4 className="account-subtitle">Export all my data</h4>
      <p className="account-text">
        One ZIP file with a spreadsheet (CSV) of each kind of record — clients, services, appointments and series, notes,
        practice settings, your activity log — and your clinical record as FHIR R4, which other health-record systems read.
      </p>
      <ExportDataButton />
    </div>
  );
}
