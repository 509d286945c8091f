import { describe, expect, it } from 'vitest';
import { actionHref } from './action-url.ts';

const ORIGIN = 'http://localhost:3000';

describe('actionHref (issue 11: same-origin paths only)', () => {
  it('keeps a path of this app, given as a path or as a URL on the same origin', () => {
    expect(actionHref('/account', ORIGIN)).toBe('/account');
    expect(actionHref('/account?view=billing#top', ORIGIN)).toBe('/account?view=billing#top');
    expect(actionHref('http://localhost:3000/account?view=billing', ORIGIN)).toBe('/account?view=billing');
  });

  it.each([
    '//evil.example/account',
    '/\\evil.example/account',
    '\\\\evil.example',
    'https://evil.example/account',
    'https://localhost:3000/account',
    'http://localhost:3001/account',
    'http://localhost:3000@evil.example/account',
    'http://localhost:3000//evil.example/',
    'javascript:alert(document.cookie)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://[::1',
  ])('no button for %j', (url) => {
    expect(actionHref(url, ORIGIN)).toBeNull();
  });

  it('no button without a URL', () => {
    expect(actionHref(null, ORIGIN)).toBeNull();
    expect(actionHref('', ORIGIN)).toBeNull();
  });
});
