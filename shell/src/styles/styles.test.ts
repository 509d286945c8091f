// Issue 18: tokens come from one place. The shell's CSS declares no custom property of its own and
// writes no colour; every var() it reads is a token of @cadence/shared-ui (loaded first).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const tokensCss = readFileSync(createRequire(import.meta.url).resolve('@cadence/shared-ui/tokens.css'), 'utf8');
const tokens = new Set([...tokensCss.matchAll(/(--[\w-]+)\s*:/g)].map((match) => match[1]));
const src = path.resolve(import.meta.dirname, '..');
const shellCss = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => ({ file, css: readFileSync(path.join(src, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '') }));

describe("the shell's styles", () => {
  it('exist', () => expect(shellCss.map(({ file }) => file)).toContain(path.join('styles', 'app.css')));

  it.each(shellCss)('$file declares no custom property and no colour', ({ css }) => {
    expect([...css.matchAll(/(--[\w-]+)\s*:/g)].map((match) => match[1])).toEqual([]);
    expect(css.match(/#[0-9a-f]{3,8}\b|\b(rgb|hsl)a?\(/gi)).toBeNull();
  });

  it.each(shellCss)('$file reads only @cadence/shared-ui tokens', ({ css }) => {
    const used = [...css.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]);
    expect(used.filter((name) => !tokens.has(name))).toEqual([]);
  });
});
