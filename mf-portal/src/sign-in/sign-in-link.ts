// What a sign-in link's query says (issue 31): /portal/sign-in?userId=…&secret=…&expire=….

export interface SignInLink {
  userId: string;
  secret: string;
  /** The link's expiry, when it names a valid date. */
  expire: Date | null;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

export function readSignInLink(params: URLSearchParams): SignInLink | null {
  const userId = params.get('userId') ?? '';
  const secret = params.get('secret') ?? '';
  if (!ID.test(userId) || !secret || secret.length > 256) return null;
  const expire = new Date(params.get('expire') ?? '');
  return { userId, secret, expire: Number.isNaN(expire.getTime()) ? null : expire };
}

/** Appwrite answers a used and an expired secret alike; the link's own expiry tells them apart. */
export function linkProblem(link: SignInLink, now: Date): 'expired' | 'used' {
  return link.expire && link.expire.getTime() <= now.getTime() ? 'expired' : 'used';
}

/** A code as typed: spaces dropped, lower case (the codes are hex). */
export function normalizeCode(value: string): string {
  return value.replace(/\s+/g, '').toLowerCase();
}

export const CODE_PATTERN = /^[0-9a-f]{6}$/;
