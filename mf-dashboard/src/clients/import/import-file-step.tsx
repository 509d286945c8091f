import { useState, type DragEvent } from 'react';
import { Card, Field } from '@cadence/shared-ui';
import { checkImportFileInfo, readImportFile, type ImportFileReading } from './import-file.ts';

export interface ChosenFile {
  name: string;
  /** The file's bytes, read again when the person chooses another reading of its text. */
  bytes: Uint8Array;
  parsed: ImportFileReading;
}

export interface ImportFileStepProps {
  /** A file that reads as CSV with a header and rows; a bad one never gets here. */
  onRead: (file: ChosenFile) => void;
  /** The file read last, named under the input. */
  current?: string;
}

/** Reads a chosen or dropped file: one clear message for a bad file, which imports nothing. */
async function readFile(file: File): Promise<{ ok: true; value: ChosenFile } | { ok: false; message: string }> {
  const info = { name: file.name, size: file.size, type: file.type };
  // Name and size first, so a 2 GB video is refused without being read into memory.
  const checked = checkImportFileInfo(info);
  if (!checked.ok) return checked;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const parsed = readImportFile(info, bytes);
  return parsed.ok ? { ok: true, value: { name: file.name, bytes, parsed: parsed.value } } : parsed;
}

/** Step 1: a file input with a label (and a drop zone around it). */
export function ImportFileStep({ onRead, current }: ImportFileStepProps) {
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    setError(null);
    try {
      const result = await readFile(file);
      if (result.ok) onRead(result.value);
      else setError(result.message);
    } catch {
      setError('This file could not be read. Choose it again, or save it again as CSV.');
    } finally {
      setReading(false);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  };

  return (
    <Card
      title="1. Choose a file"
      headingLevel={3}
      description="A CSV file with a header row and one client per row, up to 10 MB. A client export from SimplePractice, TherapyNotes or a spreadsheet works as it is."
    >
      <div
        className={dragging ? 'client-import__drop is-dragging' : 'client-import__drop'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Field label="CSV file" hint="Choose the file, or drop it here." error={error}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values"
              className="client-import__file"
              onChange={(event) => {
                void choose(event.target.files?.[0]);
                // The same file chosen again (after fixing it) is read again.
                event.target.value = '';
              }}
            />
          )}
        </Field>
        <p role="status" className="client-import__status">
          {reading ? 'Reading the file…' : current && !error ? `Read ${current}.` : ''}
        </p>
      </div>
    </Card>
  );
}
