/** The one place the billing screens leave the app (a seam for tests). */
export function leaveTo(url: string): void {
  globalThis.location.assign(url);
}
