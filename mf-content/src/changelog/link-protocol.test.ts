import { describe, expect, it } from 'vitest';
import { safeChangelogUrl } from './link-protocol.ts';

describe('safeChangelogUrl (spec §5 markdown links)', () => {
  it.each([
    'http://example.com',
    'https://keepachangelog.com/en/1.1.0/',
    'HTTPS://EXAMPLE.COM',
    'irc://irc.libera.chat/cadence',
    'ircs://irc.libera.chat/cadence',
    'mailto:support@example.com',
    'xmpp:support@example.com',
  ])('keeps the allowed protocol in %s', (url) => {
    expect(safeChangelogUrl(url)).toBe(url);
  });

  it.each(['/account', './notes.md', '../up', 'docs/readme.md', '#anchor', '?tab=1', '/path/with:colon', '#a:b'])(
    'keeps the relative address %s',
    (url) => {
      expect(safeChangelogUrl(url)).toBe(url);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'JavaScript:void(0)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    'cadence://signup-complete',
  ])('empties the address %s', (url) => {
    expect(safeChangelogUrl(url)).toBe('');
  });

  it('keeps an empty address empty', () => {
    expect(safeChangelogUrl('')).toBe('');
  });
});
