// Issue 18: a remote keeps only layout CSS of its own. Colours, focus rings and buttons come from
// @cadence/shared-ui: no colour literal, no custom property, no restyled control, only its tokens.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const tokensCss = readFileSync(createRequire(import.meta.url).resolve('@cadence/shared-ui/tokens.css'), 'utf8');
const tokens = new Set([...tokensCss.matchAll(/(--[\w-]+)\s*:/g)].map((match) => match[1]));
const src = import.meta.dirname;
const sheets = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => ({ file, css: readFileSync(path.join(src, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '') }));

describe("mf-content's styles", () => {
  it.each(sheets)('$file: layout only, on shared-ui tokens', ({ css }) => {
    expect(css.match(/#[0-9a-f]{3,8}\b|\b(rgb|hsl)a?\(/gi)).toBeNull();
    expect([...css.matchAll(/(--[\w-]+)\s*:/g)].map((match) => match[1])).toEqual([]);
    expect(css.match(/\.button\b|:focus-visible/g)).toBeNull();
    expect([...css.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]).filter((name) => !tokens.has(name))).toEqual([]);
  });
});
