/** Hands a custom-scheme URL to the browser, which passes it to the app if one is installed. */
export function openAppUrl(url: string): void {
  window.location.href = url;
}
