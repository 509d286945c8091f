import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PluginOptions } from './context.ts';
import { AppwriteError } from './errors.ts';
import { createJwtSigner, type JwtSigner } from './account/jwt.ts';
import { SessionMemo } from './account/session-memo.ts';
import { findSessionBySecret, type SessionRecord } from './account/sessions.ts';
import { getUser, updateUser, type UserRecord } from './account/users.ts';
import { isoDate } from './clock.ts';
import { statement } from './statements.ts';
import type { Store } from './store.ts';

export type Caller =
  | { kind: 'guest' }
  | { kind: 'user'; user: UserRecord; session: SessionRecord | null /* null for JWT */ }
  | { kind: 'key'; scopes: string[] | 'all' };

declare module 'fastify' {
  interface FastifyInstance {
    /** Signed-in callers resolved from memory while nothing was written (account/session-memo.ts): tests count its hits. */
    sessionMemo: SessionMemo;
  }
  interface FastifyRequest {
    caller: Caller;
    /** Raw request body text as received (JSON bodies), for handlers that need the exact bytes. */
    rawBody?: string;
  }
  interface FastifyContextConfig {
    /** Appwrite route scope (`account`, `users.read`, `documents.write`, `public`, …). */
    scope?: string;
  }
}

/** Appwrite role strings the caller holds (`User::getRoles`, PROTOCOL §3.4). */
export function callerRoles(caller: Caller): string[] {
  if (caller.kind === 'guest') return ['any', 'guests'];
  if (caller.kind === 'key') return ['any'];
  const { user } = caller;
  const verified = user.emailVerification || user.phoneVerification ? 'verified' : 'unverified';
  return [
    'any',
    'users',
    `user:${user.$id}`,
    `user:${user.$id}/${verified}`,
    `users/${verified}`,
    ...user.labels.map((label) => `label:${label}`),
  ];
}

const GUEST_SCOPES = [
  'public', 'home', 'graphql', 'health.read', 'sessions.write', 'documents.read', 'documents.write',
  'rows.read', 'rows.write', 'files.read', 'files.write', 'locale.read', 'avatars.read',
  'execution.read', 'execution.write', 'executions.read', 'executions.write', 'targets.read', 'subscribers.write',
];
const USER_SCOPES = [...GUEST_SCOPES, 'account', 'teams.read', 'teams.write', 'targets.write', 'subscribers.read'];

export function hasScope(caller: Caller, scope: string): boolean {
  if (scope === 'public') return true;
  if (caller.kind === 'key') {
    // Keys act for the project, never as an account.
    if (scope === 'account') return false;
    return caller.scopes === 'all' || caller.scopes.includes(scope);
  }
  return (caller.kind === 'user' ? USER_SCOPES : GUEST_SCOPES).includes(scope);
}

/** `general_unauthorized_scope` with Appwrite's message form. */
export function scopeError(caller: Caller, projectId: string, scope: string): AppwriteError {
  const who = caller.kind === 'user' ? `${caller.user.email || 'User'} (role: users)`
    : caller.kind === 'key' ? `app.${projectId} (role: applications)` : 'User (role: guests)';
  return new AppwriteError('general_unauthorized_scope', `${who} missing scopes (${JSON.stringify([scope])})`);
}

interface EphemeralKey {
  scopes: string[];
  expiresAt: number;
}
const ephemeralKeys = new Map<string, EphemeralKey>();
/** Expired keys still answer `api_key_expired` this long, then are forgotten (one key per execution). */
const EXPIRED_KEY_MEMORY_MS = 3_600_000;
let nextSweep = 0;

/** Keys handed to function executions (`x-appwrite-key`); valid for `scopes` until `expiresAt` (ms). */
export function registerEphemeralKey(key: string, scopes: string[], expiresAt: number): void {
  ephemeralKeys.set(key, { scopes, expiresAt });
  const now = Date.now();
  if (now < nextSweep) return;
  nextSweep = now + 60_000;
  for (const [k, e] of ephemeralKeys) if (e.expiresAt + EXPIRED_KEY_MEMORY_MS < now) ephemeralKeys.delete(k);
}

/** Cookie / session-header value: base64 of `{"id": userId, "secret": secret}` (utopia `Store::encode`). */
export function encodeSessionSecret(userId: string, secret: string): string {
  return Buffer.from(JSON.stringify({ id: userId, secret })).toString('base64');
}

export function decodeSessionSecret(value: string | undefined): { id: string; secret: string } | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
    if (parsed && typeof parsed === 'object' && 'id' in parsed && 'secret' in parsed) {
      const { id, secret } = parsed as { id: unknown; secret: unknown };
      if (typeof id === 'string' && typeof secret === 'string') return { id, secret };
    }
  } catch {
    // Not a session value: the caller is treated as a guest, as Appwrite does.
  }
  return null;
}

export function sessionCookieName(projectId: string): string {
  return `a_session_${projectId}`;
}

function header(request: FastifyRequest, name: string): string | undefined {
  return headerOf(request.headers, name);
}

function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function fallbackCookie(headers: IncomingHttpHeaders, cookieName: string): string | undefined {
  const raw = headerOf(headers, 'x-fallback-cookies');
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const value = (parsed as Record<string, unknown>)[cookieName];
      return typeof value === 'string' ? value : undefined;
    }
  } catch {
    // Malformed fallback cookies carry no session.
  }
  return undefined;
}

/**
 * Where a session secret comes from, in Appwrite's order (PROTOCOL §1.4): the cookie, its legacy
 * twin, `X-Appwrite-Session`, then `X-Fallback-Cookies`. Also read by the Realtime upgrade.
 */
export function sessionFrom(cookies: Record<string, string | undefined>, headers: IncomingHttpHeaders, projectId: string): { id: string; secret: string } | null {
  const name = sessionCookieName(projectId);
  return decodeSessionSecret(cookies[name])
    ?? decodeSessionSecret(cookies[`${name}_legacy`])
    ?? decodeSessionSecret(headerOf(headers, 'x-appwrite-session'))
    ?? decodeSessionSecret(fallbackCookie(headers, name));
}

export function sessionFromRequest(request: FastifyRequest, projectId: string): { id: string; secret: string } | null {
  return sessionFrom(request.cookies, request.headers, projectId);
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The connection's address; X-Forwarded-For is trusted only from the local app server. */
export function clientIp(request: FastifyRequest): string {
  return clientAddress(request.socket.remoteAddress, request.headers);
}

export function clientAddress(remoteAddress: string | undefined, headers: IncomingHttpHeaders): string {
  const remote = remoteAddress ?? '';
  const forwarded = headerOf(headers, 'x-forwarded-for');
  if (forwarded && LOOPBACK.has(remote)) {
    const first = forwarded.split(',')[0]?.trim();
    if (first) return first;
  }
  return remote.startsWith('::ffff:') ? remote.slice(7) : remote;
}

/** What a request (or a Realtime connection) presents: a session value and/or a JWT. */
export interface Credentials {
  session: { id: string; secret: string } | null;
  jwt: string | undefined;
}

/**
 * The user behind a session secret or a JWT, as Appwrite resolves them (PROTOCOL §1.4): both at
 * once is `user_jwt_and_cookie_set`, a bad JWT `user_jwt_invalid`; an unknown or expired session,
 * or a JWT whose session is gone, is nobody (null). The user's `status` is the caller's to check.
 * `jwtSessionId`: the session a JWT was issued for ('' for a session or a JWT without one).
 */
export function userFromCredentials(store: Store, jwt: JwtSigner, credentials: Credentials, now: number): { user: UserRecord; session: SessionRecord | null; jwtSessionId: string } | null {
  if (credentials.session && credentials.jwt) throw new AppwriteError('user_jwt_and_cookie_set');
  if (credentials.session) {
    const { id, secret } = credentials.session;
    const session = findSessionBySecret(store, id, secret, now);
    const user = session ? getUser(store, id) : null;
    return user ? { user, session, jwtSessionId: '' } : null;
  }
  if (!credentials.jwt) return null;
  const payload = jwt.verify(credentials.jwt, now);
  if (!payload || typeof payload.userId !== 'string') throw new AppwriteError('user_jwt_invalid');
  const user = getUser(store, payload.userId);
  const sessionId = typeof payload.sessionId === 'string' ? payload.sessionId : '';
  if (user && sessionId) {
    const stillThere = statement(store.db, 'SELECT 1 FROM sessions WHERE id = ? AND user_id = ?').get(sessionId, user.$id);
    if (!stillThere) return null;
  }
  return user ? { user, session: null, jwtSessionId: sessionId } : null;
}

const ACCESS_REFRESH_MS = 24 * 60 * 60 * 1000;

/** Resolves `request.caller` for every request, and rejects unknown projects. */
export function installCaller(app: FastifyInstance, { config, store, clock }: PluginOptions): void {
  const jwt = createJwtSigner(store);
  const sessions = new SessionMemo(store.db);
  app.decorate('sessionMemo', sessions);
  // Decorated with null (Fastify forbids shared reference defaults); set by the hook below.
  app.decorateRequest('caller', null, []);

  app.addHook('onRequest', async (request) => {
    request.caller = { kind: 'guest' };
    if (!request.url.startsWith('/v1/')) return;
    const query = request.query as Record<string, unknown> | undefined;
    const project = header(request, 'x-appwrite-project') ?? (typeof query?.project === 'string' ? query.project : '');
    // Answered for any project (the console's too, which the Appwrite CLI names when it checks an endpoint).
    const projectless = request.routeOptions.url === '/v1/ping' || request.routeOptions.url === '/v1/health/version';
    if (project !== config.projectId && !projectless) {
      if (request.routeOptions.url === undefined) return;
      throw new AppwriteError('project_not_found');
    }
    const now = clock.now();

    const fromSession = sessionFromRequest(request, config.projectId);
    const key = header(request, 'x-appwrite-key');
    if (key) {
      const ephemeral = ephemeralKeys.get(key);
      if (key === config.apiKey || ephemeral) {
        if (fromSession) throw new AppwriteError('user_api_key_and_session_set');
        if (ephemeral && ephemeral.expiresAt < now) throw new AppwriteError('api_key_expired');
        request.caller = { kind: 'key', scopes: ephemeral ? ephemeral.scopes : 'all' };
        return;
      }
      // An unknown key leaves the caller a guest, so scope checks report `role: guests`.
    }

    const credentials: Credentials = { session: fromSession, jwt: header(request, 'x-appwrite-jwt') };
    const found = fromSession && !credentials.jwt
      ? sessions.resolve(fromSession.id, fromSession.secret, now, () => {
        const read = userFromCredentials(store, jwt, credentials, now);
        return read?.session ? { user: read.user, session: read.session } : null;
      })
      : userFromCredentials(store, jwt, credentials, now);
    if (!found) return;
    let { user } = found;
    const { session } = found;
    if (!user.status) throw new AppwriteError('user_blocked');
    if (now - Date.parse(user.accessedAt) > ACCESS_REFRESH_MS) {
      user = updateUser(store, user.$id, { accessedAt: isoDate(now) }, now);
    }
    request.caller = { kind: 'user', user, session };
  });

  // Route scopes are checked before rate limits and handlers, as Appwrite's init hooks do.
  app.addHook('preHandler', async (request) => {
    const scope = request.routeOptions.config.scope;
    if (scope && !hasScope(request.caller, scope)) throw scopeError(request.caller, config.projectId, scope);
  });
}
