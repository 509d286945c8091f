// Files a screen hands the browser to save (a CSV, a PDF, recovery codes, the export's ZIP): a Blob
// behind an object URL, never the content in an address. File names never carry a client's name
// (download lists and sync folders); each caller names its own.

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy; give the browser a moment before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The bytes of a base64 text (a PDF a function answered with), as a Blob of `type`. */
export function base64Blob(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type });
}
