import { Client, type Models } from 'appwrite';
import { configureAppwrite, localRuntimeConfig, setConfig } from '@cadence/shared-auth/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { base64Bytes, EXPORT_MESSAGES, exportFileName, ExportDataPanel } from './export-data.tsx';

// The real shared-auth function client (executeFunction); only the SDK's execution call underneath is replaced.
const { functions } = configureAppwrite(new Client());

function execution(status: number, body: unknown): Models.Execution {
  return { status: status >= 500 ? 'failed' : 'completed', responseStatusCode: status, responseBody: JSON.stringify(body), errors: '' } as Models.Execution;
}

let saved: { name: string; bytes: Uint8Array } | null;
beforeEach(() => {
  setConfig(localRuntimeConfig());
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
});
afterEach(() => vi.restoreAllMocks());

describe('Export all my data (issue 17)', () => {
  it('runs export-data, shows progress while it works, then saves the ZIP as cadence-export-YYYY-MM-DD.zip', async () => {
    let answer: (value: Models.Execution) => void = () => undefined;
    const call = vi.spyOn(functions, 'createExecution').mockReturnValue(new Promise((resolve) => { answer = resolve; }));
    const user = userEvent.setup();
    render(<ExportDataPanel />);
    await user.click(screen.getByRole('button', { name: 'Export all my data' }));

    expect(call).toHaveBeenCalledWith(expect.objectContaining({ functionId: 'export-data', async: false }));
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(EXPORT_MESSAGES.working);

    answer(execution(200, { success: true, error: null, fileName: 'x.zip', zipBase64: btoa('PK\u0003\u0004zip') }));
    const name = exportFileName();
    expect(name).toMatch(/^cadence-export-\d{4}-\d{2}-\d{2}\.zip$/);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(EXPORT_MESSAGES.done(name)));
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(saved?.name).toBe(name));
    expect(new TextDecoder().decode(saved?.bytes)).toBe('PK\u0003\u0004zip');
  });

  it("says why an export failed, in the function's words, and can be tried again", async () => {
    vi.spyOn(functions, 'createExecution').mockResolvedValue(execution(500, { success: false, error: 'Could not export your data. Please try again.' }));
    const user = userEvent.setup();
    render(<ExportDataPanel />);
    await user.click(screen.getByRole('button', { name: 'Export all my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not export your data');
    expect(screen.getByRole('button', { name: 'Export all my data' })).toBeEnabled();
    expect(saved).toBeNull();
  });

  it('base64Bytes turns the answer back into the exact bytes', () => {
    expect([...base64Bytes(btoa(String.fromCharCode(0, 255, 80, 75)))]).toEqual([0, 255, 80, 75]);
  });
});
