// WCAG AA from the token values themselves: each text/background role pair, in both schemes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.join(import.meta.dirname, 'tokens.css'), 'utf8');

type Scheme = 'light' | 'dark';

/** `--name: light-dark(#light, #dark)` (or `var(--other)`) declarations of the :root block. */
function colorTokens(): Map<string, Record<Scheme, string>> {
  const tokens = new Map<string, Record<Scheme, string>>();
  const declarations = [...css.matchAll(/(--color-[\w-]+):\s*([^;]+);/g)];
  for (const [, name, value] of declarations) {
    const pair = /^light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)$/i.exec(value!.trim());
    if (pair) tokens.set(name!, { light: pair[1]!, dark: pair[2]! });
  }
  for (const [, name, value] of declarations) {
    const alias = /^var\((--color-[\w-]+)\)$/.exec(value!.trim());
    const target = alias && tokens.get(alias[1]!);
    if (target) tokens.set(name!, target);
  }
  return tokens;
}

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const surfaces = ['--color-bg', '--color-surface', '--color-surface-sunken', '--color-surface-raised'];
/** Text (4.5:1, WCAG 1.4.3): each foreground role on each background it is drawn on. */
const textPairs: [string, string][] = [
  ...['--color-fg', '--color-muted', '--color-accent', '--color-danger', '--color-success', '--color-warning', '--color-info'].flatMap(
    (fg) => surfaces.map((bg): [string, string] => [fg, bg]),
  ),
  ['--color-on-accent', '--color-accent'],
  ['--color-on-accent', '--color-accent-hover'],
  ['--color-accent-fg', '--color-accent'],
  ['--color-on-danger', '--color-danger'],
  ['--color-on-danger', '--color-danger-hover'],
  ['--color-on-accent-subtle', '--color-accent-subtle'],
  ['--color-fg', '--color-accent-subtle'],
  ['--color-danger-fg', '--color-danger-bg'],
  ['--color-success-fg', '--color-success-bg'],
  ['--color-warning-fg', '--color-warning-bg'],
  ['--color-info-fg', '--color-info-bg'],
  ['--color-fg', '--color-danger-bg'],
  ['--color-fg', '--color-success-bg'],
  ['--color-fg', '--color-warning-bg'],
  ['--color-fg', '--color-info-bg'],
];
/** Meaningful non-text parts (3:1, WCAG 1.4.11): control borders and the focus ring. */
const nonTextPairs: [string, string][] = ['--color-border-strong', '--color-focus', '--color-accent'].flatMap((fg) =>
  surfaces.map((bg): [string, string] => [fg, bg]),
);

describe('design tokens', () => {
  const tokens = colorTokens();

  it('reads a light and a dark value for every colour role', () => {
    const declared = new Set([...css.matchAll(/(--color-[\w-]+):/g)].map((match) => match[1]));
    expect([...declared].filter((name) => !tokens.has(name!))).toEqual([]);
    for (const name of [...textPairs, ...nonTextPairs].flat()) expect(tokens.has(name), name).toBe(true);
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`meets WCAG AA for text in the ${scheme} scheme (4.5:1)`, () => {
      const failures = textPairs
        .map(([fg, bg]) => ({ pair: `${fg} on ${bg}`, ratio: contrastRatio(tokens.get(fg)![scheme], tokens.get(bg)![scheme]) }))
        .filter(({ ratio }) => ratio < 4.5);
      expect(failures).toEqual([]);
    });

    it(`meets WCAG AA for borders and the focus ring in the ${scheme} scheme (3:1)`, () => {
      const failures = nonTextPairs
        .map(([fg, bg]) => ({ pair: `${fg} on ${bg}`, ratio: contrastRatio(tokens.get(fg)![scheme], tokens.get(bg)![scheme]) }))
        .filter(({ ratio }) => ratio < 3);
      expect(failures).toEqual([]);
    });
  }

  it('computes contrast as WCAG defines it', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('follows the system scheme, drops motion on request and grows touch targets on coarse pointers', () => {
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\)\s*{\s*:root\s*{\s*color-scheme: dark;/);
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\)\s*{\s*:root\s*{[^}]*--duration-normal: 0ms;/);
    expect(css).toMatch(/@media \(pointer: coarse\)\s*{\s*:root\s*{[^}]*--control-height: 44px;/);
    expect(css).toMatch(/:where\(:focus-visible\)\s*{\s*outline: var\(--focus-ring\);/);
  });
});
