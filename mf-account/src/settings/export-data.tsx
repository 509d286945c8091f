import { appwrite, deleteFile, downloadFile, formatDateTime, functionRunFailed, getConfig, isAppError, Query, saveFile, startFunction, useAuthStore } from '@cadence/shared-auth';
import { Alert, Button, Checkbox } from '@cadence/shared-ui';
import type { Models } from 'appwrite';
import { useEffect, useId, useRef, useState } from 'react';
import { reasonOf } from '../account/account-api.ts';

// issue 17 "Full export": Settings → "Export all my data". The export-data function builds the ZIP
// (a CSV per kind of record, the FHIR R4 bundle, the invoice and superbill PDFs if ticked, a README)
// in the background: it reports its progress in a `data_exports` document named by its execution,
// readable by this therapist alone, and stores the ZIP as the `exports` bucket's file of that id.
// The bar follows the document; the ZIP is then downloaded, saved from a Blob, and deleted from the
// server. Leaving the page does not lose a running or finished export: the panel picks it up again.

export const DATA_EXPORTS_COLLECTION = 'data_exports';
export const EXPORTS_BUCKET = 'exports';
/** How often the bar asks how far the export is. */
export const POLL_MS = 1000;
/** An export whose progress document has not appeared by then is asked about directly. */
const MISSING_GRACE_MS = 15_000;
/** The function's own limit (15 minutes) and some: a `working` export older than this has died. */
const STALE_MS = 20 * 60_000;

export type ExportStage = 'queued' | 'reading' | 'writing' | 'documents' | 'compressing' | 'saving' | 'ready';

interface ExportDocument extends Models.Document {
  userId: string;
  status: 'working' | 'ready' | 'failed';
  stage: ExportStage;
  percent: number;
  fileName?: string | null;
  error?: string | null;
}

export interface ExportOptions {
  includePrivateNotes: boolean;
  includeDocuments: boolean;
}

export const STAGE_TEXT: Record<ExportStage, string> = {
  queued: 'Starting…',
  reading: 'Reading your records…',
  writing: 'Writing the spreadsheets and your clinical record…',
  documents: 'Drawing invoices and superbills…',
  compressing: 'Compressing…',
  saving: 'Saving the file…',
  ready: 'Downloading…',
};

export const EXPORT_MESSAGES = {
  working: 'Your export is being prepared. A large practice takes up to half a minute, or a few minutes with the PDFs; you can leave this page and come back.',
  done: (fileName: string) => `Downloaded ${fileName}.`,
  failed: (reason: string) => `Could not export your data: ${reason}`,
  waiting: (when: string) => `Your export from ${when} is ready to download.`,
} as const;

const FALLBACK_FAILURE = 'Could not export your data. Please try again.';

/** cadence-export-YYYY-MM-DD.zip in the therapist's own calendar day. */
export function exportFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `cadence-export-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.zip`;
}

const where = (documentId: string) => ({ databaseId: getConfig().databaseId, collectionId: DATA_EXPORTS_COLLECTION, documentId });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The export's progress document; null while the function has not written it yet. */
async function readExport(exportId: string): Promise<ExportDocument | null> {
  try {
    return await appwrite().databases.getDocument<ExportDocument>(where(exportId));
  } catch (error) {
    if (isAppError(error) && error.code === 404) return null;
    throw error;
  }
}

/** The therapist's newest export, if any (a running one to follow, or a finished one not yet saved). */
export async function latestExport(userId: string): Promise<ExportDocument | null> {
  const list = await appwrite().databases.listDocuments<ExportDocument>({
    databaseId: getConfig().databaseId, collectionId: DATA_EXPORTS_COLLECTION,
    queries: [Query.equal('userId', userId), Query.orderDesc('$createdAt'), Query.limit(1)],
  });
  const newest = list.documents[0] ?? null;
  if (!newest || newest.status === 'failed') return null;
  if (newest.status === 'working' && Date.now() - Date.parse(newest.$createdAt) > STALE_MS) return null;
  return newest;
}

/** Follows the export until its ZIP is stored; reports each new state. */
export async function followExport(exportId: string, onProgress: (doc: ExportDocument) => void, signal?: AbortSignal): Promise<ExportDocument> {
  const started = Date.now();
  for (;;) {
    if (signal?.aborted) throw new DOMException('The export is no longer followed', 'AbortError');
    const doc = await readExport(exportId);
    if (doc) {
      onProgress(doc);
      if (doc.status === 'ready') return doc;
      if (doc.status === 'failed') throw new Error(doc.error || FALLBACK_FAILURE);
    } else if (Date.now() - started > MISSING_GRACE_MS && (await functionRunFailed('exportData', exportId))) {
      throw new Error(FALLBACK_FAILURE);
    }
    await wait(POLL_MS);
  }
}

/** Downloads the finished export, saves it as cadence-export-YYYY-MM-DD.zip, then removes it from the server. */
export async function saveExport(exportId: string, fileName: string = exportFileName()): Promise<string> {
  saveFile(await downloadFile(EXPORTS_BUCKET, exportId, 'application/zip'), fileName);
  // Saved: nothing of it stays on the server (a failure here is cleaned up by the next export).
  await Promise.allSettled([deleteFile(EXPORTS_BUCKET, exportId), appwrite().databases.deleteDocument(where(exportId))]);
  return fileName;
}

type ExportState =
  | { step: 'idle' }
  | { step: 'working'; exportId: string | null; stage: ExportStage; percent: number }
  | { step: 'waiting'; exportId: string; createdAt: string }
  | { step: 'done'; fileName: string }
  | { step: 'failed'; reason: string };

/** Follows an export to its end and saves it, reporting each state. */
async function followAndSave(exportId: string, setState: (state: ExportState) => void, signal: AbortSignal): Promise<void> {
  try {
    await followExport(exportId, (doc) => setState({ step: 'working', exportId, stage: doc.stage, percent: doc.percent }), signal);
    setState({ step: 'working', exportId, stage: 'ready', percent: 100 });
    setState({ step: 'done', fileName: await saveExport(exportId) });
  } catch (error) {
    if (!signal.aborted) setState({ step: 'failed', reason: reasonOf(error) });
  }
}

/**
 * The options, the button, the progress bar and the outcome. With `resume`, a running export (this
 * tab left the page, or another tab started it) is followed again and a finished one not yet saved
 * is offered for download — only where one panel does so (Settings), so no export is saved twice.
 */
export function ExportDataButton({ label = 'Export all my data', resume = false }: { label?: string; resume?: boolean }) {
  const userId = useAuthStore((state) => state.user?.$id ?? null);
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const [options, setOptions] = useState<ExportOptions>({ includePrivateNotes: false, includeDocuments: false });
  const statusId = useId();
  const following = useRef<AbortController | null>(null);

  function follow(exportId: string) {
    following.current?.abort();
    following.current = new AbortController();
    return followAndSave(exportId, setState, following.current.signal);
  }

  useEffect(() => {
    if (!resume || !userId) return undefined;
    const controller = new AbortController();
    following.current = controller;
    latestExport(userId).then((found) => {
      if (controller.signal.aborted || !found) return;
      if (found.status === 'ready') setState({ step: 'waiting', exportId: found.$id, createdAt: found.$createdAt });
      else {
        setState({ step: 'working', exportId: found.$id, stage: found.stage, percent: found.percent });
        void followAndSave(found.$id, setState, controller.signal);
      }
    }).catch(() => undefined);
    return () => controller.abort();
  }, [resume, userId]);

  useEffect(() => () => following.current?.abort(), []);

  async function run() {
    setState({ step: 'working', exportId: null, stage: 'queued', percent: 0 });
    try {
      const exportId = await startFunction('exportData', { ...options });
      await follow(exportId);
    } catch (error) {
      setState({ step: 'failed', reason: reasonOf(error) });
    }
  }

  async function download(exportId: string) {
    setState({ step: 'working', exportId, stage: 'ready', percent: 100 });
    try {
      setState({ step: 'done', fileName: await saveExport(exportId) });
    } catch (error) {
      setState({ step: 'failed', reason: reasonOf(error) });
    }
  }

  const working = state.step === 'working';
  return (
    <div className="account-stack">
      <fieldset className="account-stack" disabled={working}>
        <legend className="account-text">Include in the export</legend>
        <Checkbox
          label="Include private psychotherapy notes"
          checked={options.includePrivateNotes}
          onChange={(e) => setOptions({ ...options, includePrivateNotes: e.target.checked })}
        />
        <Checkbox
          label="Include invoice and superbill PDFs"
          checked={options.includeDocuments}
          onChange={(e) => setOptions({ ...options, includeDocuments: e.target.checked })}
        />
      </fieldset>
      <div>
        <Button variant="secondary" className="account-action" onClick={() => void run()} disabled={working} loading={working} loadingLabel="Exporting..." aria-describedby={statusId}>
          {label}
        </Button>
      </div>
      {/* The bar and its percent are not announced at each step; the live region says each stage once. */}
      {state.step === 'working' && (
        <p className="account-text">
          <progress aria-label="Export progress" max={100} value={state.percent} /> {state.percent}%
        </p>
      )}
      <div id={statusId} role="status" aria-live="polite">
        {state.step === 'working' && (
          <>
            <p className="account-text">{STAGE_TEXT[state.stage]}</p>
            <p className="account-text">{EXPORT_MESSAGES.working}</p>
          </>
        )}
        {state.step === 'waiting' && (
          <p className="account-text">
            {EXPORT_MESSAGES.waiting(formatDateTime(state.createdAt))}{' '}
            <Button size="sm" variant="secondary" onClick={() => void download(state.exportId)}>Download export</Button>
          </p>
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
        payments and invoices, practice settings, your activity log — and your clinical record as FHIR R4, which other
        health-record systems read.
      </p>
      <ExportDataButton resume />
    </div>
  );
}
