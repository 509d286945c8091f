/** Joins the class names that are set: `cx('ui-button', loading && 'is-loading')`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
