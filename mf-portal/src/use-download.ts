import { useState } from 'react';
import { saveFile } from '@cadence/shared-auth';

/** A download button's state: `run` fetches the file and saves it under its name; a failure is logged and shown, never thrown. */
export function useDownload(fetchFile: () => Promise<{ blob: Blob; fileName: string }>, what: string) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { blob, fileName } = await fetchFile();
      saveFile(blob, fileName);
    } catch (error) {
      console.error(`${what} failed`, error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failed, run: () => void run() };
}
