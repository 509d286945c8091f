import { Alert, Button } from '@cadence/shared-ui';
import { useState } from 'react';
import type { CsvCell } from './csv-writer.ts';
import { saveCsv } from './save-file.ts';

export interface DownloadCsvTexts {
  download: string;
  preparing: (rows: number) => string;
  failed: string;
}

export interface DownloadCsvButtonProps {
  /** Every row of the file, header first; reports how many records it has read so far. */
  rows: (onProgress: (read: number) => void) => Promise<ReadonlyArray<readonly CsvCell[]>>;
  /** Asked at the moment of saving (the date in it is the day of the download). */
  fileName: () => string;
  texts: DownloadCsvTexts;
  className: string;
}

/**
 * "Download CSV" for a whole filter (every page, not just the one shown): the button says how many
 * rows it has read while it reads them, and why it failed if it does.
 */
export function DownloadCsvButton({ rows, fileName, texts, className }: DownloadCsvButtonProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    setProgress(0);
    try {
      saveCsv(await rows(setProgress), fileName());
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className={className}>
      <Button loading={progress !== null} loadingLabel={progress !== null ? texts.preparing(progress) : undefined} onClick={() => void download()}>
        {texts.download}
      </Button>
      {error && (
        <Alert tone="error" title={texts.failed} onDismiss={() => setError(null)}>
          {error}
        </Alert>
      )}
    </div>
  );
}
