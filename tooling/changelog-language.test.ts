import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 20: CHANGELOG.md is served at /changelog to therapists, so it says what changed for them,
// not how it was built. Each pattern is a word a therapist would not use for a part of Cadence.
const DEVELOPER_JARGON: readonly [string, RegExp][] = [
  ['Module Federation', /\bmodule federation\b|\bfederat(ed|ion)\b/i],
  ['micro-frontends', /\bmicro-?frontends?\b/i],
  // "remote" as the name of an app part; a therapist's remote session or appointment is fine.
  ['remote(s) as a part of the app', /\bremotes?\b(?!\s+(sessions?|appointments?|therapy|clients?|work))/i],
  ['the shell (the host app)', /\bshell\b|\bhost\b/i],
  ['package managers and build tools', /\b(p?npm|npx|yarn|rspack|webpack|vite|node\.?js)\b/i],
  ['SDK', /\bSDKs?\b/],
  ['API', /\bAPIs?\b/],
  ['JSON', /\bJSON\b/i],
  ['emulator', /\bemulat(or|ors|ed|ion)\b/i],
  ['webhook', /\bweb-?hooks?\b/i],
  ['backend / frontend / endpoint', /\b(back|front)-?ends?\b|\bendpoints?\b/i],
  ['library names', /\b(react|zustand|appwrite)\b/i],
  ['bundles and runtimes', /\bbundles?\b|\bruntimes?\b/i],
  ['deploying', /\bdeploy(s|ed|ing|ment|ments)?\b/i],
  ['HTTP headers', /\bHSTS\b|\bCORS\b|\bheaders?\b|\bPermissions-Policy\b|\bCross-Origin\b/i],
  ['a code span', /`/],
];

const changelog = readFileSync(resolve(import.meta.dirname, '../CHANGELOG.md'), 'utf8');

/** Each line that uses the jargon, with its number, so a failure points at the words to rewrite. */
function linesUsing(pattern: RegExp): string[] {
  return changelog.split(/\r?\n/).flatMap((line, index) => (pattern.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

describe('CHANGELOG.md speaks to therapists (issue 20)', () => {
  it.each(DEVELOPER_JARGON)('has no developer jargon: %s', (_name, pattern) => {
    expect(linesUsing(pattern)).toEqual([]);
  });

  it('keeps the Keep a Changelog shape: what is not yet released first, then dated versions, newest first', () => {
    const headings = changelog.split(/\r?\n/).filter((line) => line.startsWith('## '));
    expect(headings[0]).toBe('## Unreleased');
    const versions = headings.slice(1);
    expect(versions.length).toBeGreaterThan(0);
    for (const heading of versions) expect(heading).toMatch(/^## \[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}$/);
    const dates = versions.map((heading) => heading.slice(-10));
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
