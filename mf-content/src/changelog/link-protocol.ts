import { CHANGELOG_LINK_PROTOCOLS } from '../constants.ts';

/**
 * spec §5: a changelog link keeps its address only when it is relative or uses an allowed
 * protocol; anything else (javascript:, data:, vbscript:, ...) becomes an empty address.
 * A colon that comes after the first '/', '?' or '#' is part of a relative path, not a protocol.
 */
export function safeChangelogUrl(url: string): string {
  const colon = url.indexOf(':');
  if (colon === -1) return url;
  const firstDelimiter = [url.indexOf('/'), url.indexOf('?'), url.indexOf('#')]
    .filter((index) => index !== -1)
    .reduce((earliest, index) => Math.min(earliest, index), Number.POSITIVE_INFINITY);
  if (firstDelimiter < colon) return url;
  const protocol = url.slice(0, colon).toLowerCase();
  return CHANGELOG_LINK_PROTOCOLS.includes(protocol) ? url : '';
}
