// A file the page downloads after `click`, read back (the PDFs' tests read their text with
// backend/test/support/pdf-text.ts).
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';

export async function downloadedPdf(page: Page, click: () => Promise<void>): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  return { file, bytes: await readFile((await file.path())!) };
}
