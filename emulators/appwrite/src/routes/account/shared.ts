import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientIp, encodeSessionSecret, sessionCookieName, type Caller } from '../../caller.ts';
import type { PluginOptions } from '../../context.ts';
import { parseDevice } from '../../account/device.ts';
import { AppwriteError } from '../../errors.ts';
import { tokenSecret } from '../../ids.ts';
import {
  createSession, enforceMaxSessions, toSessionModel, type SessionRecord,
} from '../../account/sessions.ts';
import type { UserRecord } from '../../account/users.ts';

export type UserCaller = Extract<Caller, { kind: 'user' }>;

/** Routes with scope `account` only run for users; this narrows the type for handlers. */
export function accountCaller(request: FastifyRequest): UserCaller {
  const caller = request.caller;
  if (caller.kind !== 'user') throw new AppwriteError('general_unauthorized_scope');
  return caller;
}

/** Session-creating routes refuse a caller who already has a valid session. */
export function assertNoActiveSession(request: FastifyRequest): void {
  if (request.caller.kind === 'user' && request.caller.session) throw new AppwriteError('user_session_already_exists');
}

export function isKey(request: FastifyRequest): boolean {
  return request.caller.kind === 'key';
}

function cookieDomain(hostname: string): string | undefined {
  const host = hostname.replace(/:\d+$/, '');
  if (host === 'localhost' || /^[\d.]+$/.test(host) || host.startsWith('[')) return undefined;
  return `.${host}`;
}

function setSessionCookies(request: FastifyRequest, reply: FastifyReply, projectId: string, value: string, expires: Date): void {
  const name = sessionCookieName(projectId);
  const base = {
    path: '/',
    expires,
    httpOnly: true,
    secure: request.protocol === 'https',
    domain: cookieDomain(request.hostname),
  };
  // The legacy cookie has no SameSite so plain-http browsers still keep one of the two.
  reply.setCookie(`${name}_legacy`, value, { ...base, sameSite: false });
  reply.setCookie(name, value, { ...base, sameSite: 'none' });
}

/** Creates the session, applies the session limit, sets cookies and the fallback header. */
export function issueSession(
  request: FastifyRequest,
  reply: FastifyReply,
  { config, store, clock }: PluginOptions,
  user: UserRecord,
  provider: { name: string; uid: string; factors: string[] },
): Record<string, unknown> {
  if (!user.status) throw new AppwriteError('user_blocked');
  const now = clock.now();
  const secret = tokenSecret();
  const session = createSession(store, {
    userId: user.$id,
    provider: provider.name,
    providerUid: provider.uid,
    ip: clientIp(request),
    device: parseDevice(String(request.headers['x-forwarded-user-agent'] ?? request.headers['user-agent'] ?? '')),
    factors: provider.factors,
    secret,
  }, now, config.sessionDuration);
  enforceMaxSessions(store, user.$id, config.maxSessions);
  const encoded = encodeSessionSecret(user.$id, secret);
  setSessionCookies(request, reply, config.projectId, encoded, new Date(now + config.sessionDuration * 1000));
  // localhost has no registrable domain, so Appwrite always falls back to localStorage here.
  reply.header('X-Fallback-Cookies', JSON.stringify({ [sessionCookieName(config.projectId)]: encoded }));
  reply.code(201);
  return toSessionModel(session, { current: true, secret: isKey(request) ? encoded : '' });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, projectId: string, nowMs: number): void {
  const name = sessionCookieName(projectId);
  const options = { path: '/', expires: new Date(nowMs - 3600_000), httpOnly: true, domain: cookieDomain(request.hostname) };
  reply.setCookie(`${name}_legacy`, '', { ...options, sameSite: false });
  reply.setCookie(name, '', { ...options, sameSite: 'none', secure: request.protocol === 'https' });
  reply.header('X-Fallback-Cookies', '[]');
}

export function sessionView(session: SessionRecord, current: SessionRecord | null): Record<string, unknown> {
  return toSessionModel(session, { current: current?.$id === session.$id, secret: '' });
}

/** Redirect URLs get `userId`, `secret` and `expire` merged into their query. */
export function withTokenParams(url: string, userId: string, secret: string, expire: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('userId', userId);
  parsed.searchParams.set('secret', secret);
  parsed.searchParams.set('expire', expire);
  return parsed.toString();
}

/** `Proofs\Code`: six decimal digits. */
export function otpCode(): string {
  return Array.from({ length: 6 }, () => crypto.randomInt(0, 10)).join('');
}

const ADJECTIVES = ['Golden', 'Silver', 'Quiet', 'Brave', 'Gentle', 'Swift', 'Bright', 'Calm', 'Clever', 'Happy', 'Lucky', 'Proud'];
const NOUNS = ['fox', 'owl', 'river', 'maple', 'falcon', 'harbor', 'meadow', 'otter', 'comet', 'willow', 'badger', 'lantern'];

/** `Proofs\Phrase`: "<Adjective> <noun>". */
export function securityPhrase(): string {
  return `${ADJECTIVES[crypto.randomInt(0, ADJECTIVES.length)]} ${NOUNS[crypto.randomInt(0, NOUNS.length)]}`;
}
