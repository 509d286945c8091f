import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changelogNotesBody, latestChangelogVersion } from './changelog-version.ts';

const KEEP_A_CHANGELOG = `# Changelog

All notable changes to this project will be documented in this file.

## [0.2.0] - 2026-12-01

### Added
- Something new.

## [0.1.0] - 2026-11-21

### Added
- First release.
`;

describe('latestChangelogVersion (spec §2 Changelog page)', () => {
  it('takes the version of the first "## [version]" heading', () => {
    expect(latestChangelogVersion(KEEP_A_CHANGELOG)).toBe('0.2.0');
  });

  it('skips second-level headings that are not of the form "## [version]"', () => {
    expect(latestChangelogVersion('# Changelog\n\n## Notes\n\n## [1.4.2] - 2026-01-01\n')).toBe('1.4.2');
  });

  it('ignores third-level and first-level bracketed headings', () => {
    expect(latestChangelogVersion('# [9.9.9]\n\n### [8.8.8]\n\n## [0.1.0]\n')).toBe('0.1.0');
  });

  it('returns null when no heading names a version, so no sticky bar is shown', () => {
    expect(latestChangelogVersion('# Changelog\n\n## Notes\n\nNothing released yet.\n')).toBeNull();
    expect(latestChangelogVersion('')).toBeNull();
  });

  it('ignores a bracketed version that is not at the start of a line', () => {
    expect(latestChangelogVersion('See ## [3.0.0] in text\n\n## [0.1.0]\n')).toBe('0.1.0');
  });

  it('reads the project CHANGELOG.md format with CRLF line endings', () => {
    expect(latestChangelogVersion(KEEP_A_CHANGELOG.replace(/\n/g, '\r\n'))).toBe('0.2.0');
  });
});

describe('changelogNotesBody', () => {
  it('drops the file title so the page heading stays the only h1', () => {
    const body = changelogNotesBody(KEEP_A_CHANGELOG);
    expect(body.startsWith('\nAll notable changes')).toBe(true);
    expect(body).not.toContain('# Changelog');
  });

  it('leaves notes without a title untouched', () => {
    expect(changelogNotesBody('## [0.1.0]\n- x\n')).toBe('## [0.1.0]\n- x\n');
  });
});

describe('the project CHANGELOG.md', () => {
  it('names the released version (package.json) first, so the page shows it as Latest', () => {
    const markdown = readFileSync(resolve(__dirname, '../../../CHANGELOG.md'), 'utf8');
    const { version } = JSON.parse(readFileSync(resolve(__dirname, '../../../package.json'), 'utf8')) as { version: string };
    expect(latestChangelogVersion(markdown)).toBe(version);
    expect(changelogNotesBody(markdown)).not.toMatch(/^# /m);
  });
});
