/** spec §2 Changelog page: the version comes from the first second-level heading '## [version]'. */
const VERSION_HEADING = /^ {0,3}##[ \t]+\[([^\]\r\n]+)\]/m;

/** The latest version named by the notes, or null when no '## [version]' heading exists (no bar). */
export function latestChangelogVersion(markdown: string): string | null {
  const version = VERSION_HEADING.exec(markdown)?.[1]?.trim();
  return version ? version : null;
}

const LEADING_TITLE = /^\s*# [^\r\n]*(\r?\n|$)/;

/**
 * The notes without their own '# Title' line: the page supplies the only h1 ('Changelog'), so the
 * file's title would otherwise repeat it and break the heading order.
 */
export function changelogNotesBody(markdown: string): string {
  return markdown.replace(LEADING_TITLE, '');
}
