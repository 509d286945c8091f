// Files the account area hands the browser to save (the Security log's CSV, recovery codes, the
// export's ZIP): a Blob behind an object URL, never the content in an address.

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
