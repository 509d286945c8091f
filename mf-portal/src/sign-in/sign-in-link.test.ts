import { describe, expect, it } from 'vitest';
import { CODE_PATTERN, linkProblem, normalizeCode, readSignInLink } from './sign-in-link.ts';

const params = (query: string) => new URLSearchParams(query);

describe('sign-in links (issue 31)', () => {
  it('reads userId, secret and expiry; anything without a valid id or a secret is no link', () => {
    expect(readSignInLink(params('userId=abc123&secret=f00d&expire=2030-01-01T00:00:00.000%2B00:00'))).toEqual({
      userId: 'abc123', secret: 'f00d', expire: new Date('2030-01-01T00:00:00.000Z'),
    });
    expect(readSignInLink(params('userId=abc123&secret=f00d'))).toMatchObject({ expire: null });
    expect(readSignInLink(params('secret=f00d'))).toBeNull();
    expect(readSignInLink(params('userId=-bad&secret=f00d'))).toBeNull();
    expect(readSignInLink(params('userId=abc123'))).toBeNull();
  });

  it('calls a refused link expired only when its own expiry has passed, else used', () => {
    const link = readSignInLink(params('userId=u1&secret=s&expire=2030-01-01T00:00:00.000Z'));
    if (!link) throw new Error('no link');
    expect(linkProblem(link, new Date('2030-01-01T00:00:00.001Z'))).toBe('expired');
    expect(linkProblem(link, new Date('2029-12-31T23:59:59.000Z'))).toBe('used');
    expect(linkProblem({ ...link, expire: null }, new Date())).toBe('used');
  });

  it('takes a code as typed: spaces dropped, upper case accepted', () => {
    expect(normalizeCode(' 3F a9 0c ')).toBe('3fa90c');
    expect(CODE_PATTERN.test(normalizeCode('3FA90C'))).toBe(true);
    expect(CODE_PATTERN.test('3fa90')).toBe(false);
    expect(CODE_PATTERN.test('3fa90g')).toBe(false);
  });
});
