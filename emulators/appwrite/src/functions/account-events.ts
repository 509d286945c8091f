// The events of the account routes this server implements, as their `event` labels in Appwrite
// (app/controllers/api/account.php, Modules/Account/Http/Account/MFA/**) name them, kept in one
// table instead of in each route: session create (every login route and the MFA challenge that
// completes a session), update and delete; the account's name, password, email, prefs and status;
// MFA changes; recovery and verification tokens. Payload: the route's response model; for the
// session deletes (204), the deleted session as Appwrite sends it. Failed requests emit nothing —
// Appwrite has no event for a failed sign-in.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getSession, toSessionModel } from '../account/sessions.ts';
import type { Store } from '../store.ts';
import { emitEvent } from './events-plugin.ts';

type Body = Record<string, unknown>;

interface AccountEvent {
  pattern: string;
  /** params and actor from the caller, the response model, or what the route is about to delete */
  resolve(request: FastifyRequest, response: Body): { params: Record<string, string>; userId?: string } | null;
  /** the payload is not the response: computed before the handler (deletes) */
  before?(request: FastifyRequest, store: Store): Body | null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const callerId = (request: FastifyRequest): string => (request.caller.kind === 'user' ? request.caller.user.$id : '');

const sessionCreate: AccountEvent = {
  pattern: 'users.[userId].sessions.[sessionId].create',
  // The new session's user is the actor (Appwrite sets the request's user to the profile that signed in).
  resolve: (_r, s) => ({ params: { userId: str(s.userId), sessionId: str(s.$id) }, userId: str(s.userId) }),
};
const ofSession = (action: string): AccountEvent => ({
  pattern: `users.[userId].sessions.[sessionId].${action}`,
  resolve: (r, s) => ({ params: { userId: callerId(r), sessionId: str(s.$id) } }),
});
const userUpdate = (what: string): AccountEvent => ({
  pattern: `users.[userId].${what}`,
  resolve: (r) => ({ params: { userId: callerId(r) } }),
});
const token = (kind: 'recovery' | 'verification', action: string): AccountEvent => ({
  pattern: `users.[userId].${kind}.[tokenId].${action}`,
  resolve: (_r, t) => ({ params: { userId: str(t.userId), tokenId: str(t.$id) }, userId: str(t.userId) }),
});

/** DELETE /account/sessions/:sessionId — the session as it was (`current` when it is the caller's). */
function sessionToDelete(request: FastifyRequest, store: Store): Body | null {
  const caller = request.caller;
  if (caller.kind !== 'user') return null;
  const id = str((request.params as Body | undefined)?.sessionId);
  const session = id === 'current' ? caller.session : getSession(store, id);
  if (!session || session.userId !== caller.user.$id) return null;
  return toSessionModel(session, { current: session.$id === caller.session?.$id, secret: '' });
}

/** DELETE /account/sessions — Appwrite announces the caller's current session only. */
function currentSession(request: FastifyRequest): Body | null {
  const caller = request.caller;
  if (caller.kind !== 'user' || !caller.session) return null;
  return toSessionModel(caller.session, { current: true, secret: '' });
}

const ACCOUNT_EVENTS: Record<string, AccountEvent> = {
  'POST /v1/account/sessions/email': sessionCreate,
  'POST /v1/account/sessions': sessionCreate,
  'POST /v1/account/sessions/token': sessionCreate,
  'PUT /v1/account/mfa/challenges': sessionCreate,
  'PUT /v1/account/mfa/challenge': sessionCreate,
  'PATCH /v1/account/sessions/:sessionId': ofSession('update'),
  'DELETE /v1/account/sessions/:sessionId': { ...ofSession('delete'), before: sessionToDelete },
  'DELETE /v1/account/sessions': { ...ofSession('delete'), before: currentSession },
  'PATCH /v1/account/name': userUpdate('update.name'),
  'PATCH /v1/account/password': userUpdate('update.password'),
  'PATCH /v1/account/email': userUpdate('update.email'),
  'PATCH /v1/account/prefs': userUpdate('update.prefs'),
  'PATCH /v1/account/status': userUpdate('update.status'),
  'PATCH /v1/account/mfa': userUpdate('update.mfa'),
  'POST /v1/account/mfa/authenticators/:type': userUpdate('update.mfa'),
  'PUT /v1/account/mfa/authenticators/:type': userUpdate('update.mfa'),
  'DELETE /v1/account/mfa/authenticators/:type': userUpdate('delete.mfa'),
  'POST /v1/account/mfa/recovery-codes': userUpdate('update.mfa'),
  'PATCH /v1/account/mfa/recovery-codes': userUpdate('update.mfa'),
  'POST /v1/account/mfa/challenges': {
    pattern: 'users.[userId].challenges.[challengeId].create',
    resolve: (r, c) => ({ params: { userId: callerId(r), challengeId: str(c.$id) } }),
  },
  'POST /v1/account/mfa/challenge': {
    pattern: 'users.[userId].challenges.[challengeId].create',
    resolve: (r, c) => ({ params: { userId: callerId(r), challengeId: str(c.$id) } }),
  },
  'POST /v1/account/recovery': token('recovery', 'create'),
  'PUT /v1/account/recovery': token('recovery', 'update'),
  'POST /v1/account/verifications/email': token('verification', 'create'),
  'PUT /v1/account/verifications/email': token('verification', 'update'),
  'POST /v1/account/verification': token('verification', 'create'),
  'PUT /v1/account/verification': token('verification', 'update'),
};

declare module 'fastify' {
  interface FastifyRequest {
    accountEventPayload?: Body | null;
  }
}

function parse(payload: unknown): Body {
  if (typeof payload !== 'string' || payload === '') return {};
  try {
    const value: unknown = JSON.parse(payload);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};
  } catch {
    return {};
  }
}

export function installAccountEvents(app: FastifyInstance, store: Store): void {
  const eventOf = (request: FastifyRequest): AccountEvent | undefined => ACCOUNT_EVENTS[`${request.method} ${request.routeOptions.url ?? ''}`];

  app.addHook('preHandler', async (request) => {
    const event = eventOf(request);
    if (event?.before) request.accountEventPayload = event.before(request, store);
  });

  // Runs before the events plugin's own onSend (registered after it), which queues the executions.
  app.addHook('onSend', async (request, reply, payload) => {
    const event = eventOf(request);
    if (!event || reply.statusCode >= 400) return payload;
    const given = event.before ? request.accountEventPayload : undefined;
    if (event.before && !given) return payload;
    const model = given ?? parse(payload);
    const resolved = event.resolve(request, model);
    if (!resolved || Object.values(resolved.params).some((v) => v === '')) return payload;
    emitEvent(request, { pattern: event.pattern, params: resolved.params, ...(given ? { payload: given } : {}), ...(resolved.userId ? { userId: resolved.userId } : {}) });
    return payload;
  });
}
