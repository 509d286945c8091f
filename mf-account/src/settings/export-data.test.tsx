import { Client, type Models } from 'appwrite';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { configureAppwrite, localRuntimeConfig, setConfig } from '@cadence/shared-auth/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_MESSAGES, exportFileName, ExportDataPanel, STAGE_TEXT } from './export-data.tsx';

// The real shared-auth calls (startFunction, downloadFile, deleteFile) and the panel's own reads; only
// the SDK's requests underneath are replaced: the execution, the progress document, the file.
const services = configureAppwrite(new Client());
const ZIP = new TextEncoder().encode('PK\u0003\u0004zip');
const therapist = { $id: 'u1', email: 'dana@example.test', prefs: {} } as unknown as AuthUser;

type Progress = Pick<Models.Document, '$id' | '$createdAt'> & { userId: string; status: string; stage: string; percent: number; error?: string };
const progress = (status: string, stage: string, percent: number, extra: Partial<Progress> = {}) =>
  ({ $id: 'exp1', $createdAt: new Date().toISOString(), userId: 'u1', status, stage, percent, ...extra }) as unknown as Models.Document;

let saved: { name: string; bytes: Uint8Array } | null;
beforeEach(() => {
  setConfig(localRuntimeConfig());
  useAuthStore.setState({ user: therapist, status: 'signedIn' });
  saved = null;
  // jsdom has no object URLs or downloads: keep the Blob and the name the link asks for.
  let blob: Blob | null = null;
  URL.createObjectURL = vi.fn((b: Blob) => { blob = b; return 'blob:export'; });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const name = this.download;
    const reader = new FileReader();
    reader.onload = () => { saved = { name, bytes: new Uint8Array(reader.result as ArrayBuffer) }; };
    if (blob) reader.readAsArrayBuffer(blob);
  });
  vi.spyOn(services.databases, 'listDocuments').mockResolvedValue({ total: 0, documents: [] });
});
afterEach(() => vi.restoreAllMocks());

function serverFile() {
  const download = vi.spyOn(services.client, 'call').mockResolvedValue(ZIP.buffer);
  const deleteFile = vi.spyOn(services.storage, 'deleteFile').mockResolvedValue({});
  const deleteDocument = vi.spyOn(services.databases, 'deleteDocument').mockResolvedValue({});
  return { download, deleteFile, deleteDocument };
}

describe('Export all my data (issue 17)', () => {
  it('starts export-data in the background with what was ticked, shows its real progress, then saves the ZIP and removes it from the server', async () => {
    const start = vi.spyOn(services.functions, 'createExecution').mockResolvedValue({ $id: 'exp1' } as Models.Execution);
    const states = [progress('working', 'reading', 37), progress('working', 'compressing', 90), progress('ready', 'ready', 100)];
    const read = vi.spyOn(services.databases, 'getDocument').mockImplementation(() => Promise.resolve(states.length > 1 ? states.shift()! : states[0]!));
    const { download, deleteFile, deleteDocument } = serverFile();
    const user = userEvent.setup();
    render(<ExportDataPanel />);
    await user.click(screen.getByRole('checkbox', { name: 'Include invoice and superbill PDFs' }));
    await user.click(screen.getByRole('button', { name: 'Export all my data' }));

    expect(start).toHaveBeenCalledWith(expect.objectContaining({ functionId: 'export-data', async: true }));
    expect(JSON.parse((start.mock.calls[0]![0] as unknown as { body: string }).body)).toEqual({ includePrivateNotes: false, includeDocuments: true });
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    await waitFor(() => expect(bar).toHaveAttribute('value', '37'));
    expect(screen.getByText('37%', { exact: false })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(STAGE_TEXT.reading);
    expect(screen.getByRole('checkbox', { name: 'Include invoice and superbill PDFs' })).toBeDisabled();
    expect(read).toHaveBeenCalledWith(expect.objectContaining({ collectionId: 'data_exports', documentId: 'exp1' }));

    const name = exportFileName();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(EXPORT_MESSAGES.done(name)), { timeout: 5000 });
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(saved?.name).toBe(name));
    expect(new TextDecoder().decode(saved?.bytes)).toBe('PK\u0003\u0004zip');
    expect(String(download.mock.calls[0]![1])).toContain('/storage/buckets/exports/files/exp1/download');
    expect(deleteFile).toHaveBeenCalledWith({ bucketId: 'exports', fileId: 'exp1' });
    expect(deleteDocument).toHaveBeenCalledWith(expect.objectContaining({ collectionId: 'data_exports', documentId: 'exp1' }));
  });

  it("says why an export failed, in the function's words, and can be tried again", async () => {
    vi.spyOn(services.functions, 'createExecution').mockResolvedValue({ $id: 'exp1' } as Models.Execution);
    vi.spyOn(services.databases, 'getDocument').mockResolvedValue(progress('failed', 'reading', 12, { error: 'Could not export your data. Please try again.' }));
    const user = userEvent.setup();
    render(<ExportDataPanel />);
    await user.click(screen.getByRole('button', { name: 'Export all my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not export your data');
    expect(screen.getByRole('button', { name: 'Export all my data' })).toBeEnabled();
    expect(saved).toBeNull();
  });

  it('offers an export that finished while the therapist was away, and saves it on request', async () => {
    vi.spyOn(services.databases, 'listDocuments').mockResolvedValue({ total: 1, documents: [progress('ready', 'ready', 100)] });
    const { deleteFile } = serverFile();
    const user = userEvent.setup();
    render(<ExportDataPanel />);
    expect(await screen.findByText(/Your export from .* is ready to download\./)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Download export' }));
    await waitFor(() => expect(saved?.name).toBe(exportFileName()));
    expect(deleteFile).toHaveBeenCalledWith({ bucketId: 'exports', fileId: 'exp1' });
  });

  it('follows an export still running when the page opens', async () => {
    vi.spyOn(services.databases, 'listDocuments').mockResolvedValue({ total: 1, documents: [progress('working', 'writing', 60)] });
    vi.spyOn(services.databases, 'getDocument').mockResolvedValue(progress('working', 'writing', 64));
    render(<ExportDataPanel />);
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    await waitFor(() => expect(bar).toHaveAttribute('value', '64'));
    expect(screen.getByRole('button', { name: /Export/ })).toBeDisabled();
  });
});
