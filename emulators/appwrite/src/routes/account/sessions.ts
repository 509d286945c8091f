import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { PluginOptions } from '../../context.ts';
import { AppwriteError } from '../../errors.ts';
import { verifyPassword } from '../../account/passwords.ts';
import {
  deleteSession, deleteUserSessions, extendSession, getSession, listUserSessions, toSessionModel, type SessionRecord,
} from '../../account/sessions.ts';
import { consumeToken, SESSION_TOKEN_TYPES, TOKEN_TYPE } from '../../account/tokens.ts';
import { findUserByEmail, getUser, updateUser } from '../../account/users.ts';
import { body, email, password, text, uid } from '../params.ts';
import { accountCaller, assertNoActiveSession, clearSessionCookies, issueSession, sessionView, type UserCaller } from './shared.ts';

/** Email/password and token sessions; list, get, extend and delete. */
const sessionRoutes: FastifyPluginAsync<PluginOptions> = async (app, options) => {
  const { config, store, clock } = options;

  const emailSession: RouteShorthandOptions = {
    schema: { body: body({ email, password }, ['email', 'password']) },
    config: { scope: 'sessions.write', abuse: { limit: 10, keys: ['url:{url},email:{param-email}'], resetOn: [201] } },
  };
  const createEmailSession = async (request: FastifyRequest, reply: FastifyReply) => {
    assertNoActiveSession(request);
    const input = request.body as { email: string; password: string };
    const user = findUserByEmail(store, input.email);
    if (!user || !user.passwordUpdate || !(await verifyPassword(user.password, input.password))) {
      throw new AppwriteError('user_invalid_credentials');
    }
    return issueSession(request, reply, options, user, { name: 'email', uid: user.email, factors: ['password'] });
  };
  app.post('/account/sessions/email', emailSession, createEmailSession);
  app.post('/account/sessions', emailSession, createEmailSession);

  // Appwrite's `$createSession`: any unexpired email OTP, magic URL or generic token of the user
  // (not only the newest) makes one session and is deleted. OTP and magic URL verify the email.
  const tokenSession = (request: FastifyRequest, reply: FastifyReply) => {
    assertNoActiveSession(request);
    const input = request.body as { userId: string; secret: string };
    const now = clock.now();
    const user = getUser(store, input.userId);
    const token = user && consumeToken(store, user.$id, SESSION_TOKEN_TYPES, input.secret, now);
    if (!user || !token) throw new AppwriteError('user_invalid_token');
    const byEmail = token.type === TOKEN_TYPE.email || token.type === TOKEN_TYPE.magicUrl;
    const verified = byEmail ? updateUser(store, user.$id, { emailVerification: true }, now) : user;
    const provider = token.type === TOKEN_TYPE.magicUrl ? 'magic-url' : 'token';
    return issueSession(request, reply, options, verified, { name: provider, uid: user.email, factors: [byEmail ? 'email' : 'token'] });
  };
  const tokenBody = { body: body({ userId: uid, secret: text(256, 1) }, ['userId', 'secret']) };
  app.post('/account/sessions/token', {
    schema: tokenBody,
    config: { scope: 'sessions.write', abuse: { limit: 10, keys: ['ip:{ip},userId:{param-userId}'], resetOn: [201] } },
  }, tokenSession);
  // updateMagicURLSession (deprecated since 1.6 for createSession): the same session from the same tokens.
  app.put('/account/sessions/magic-url', {
    schema: tokenBody,
    config: { scope: 'sessions.write', abuse: { limit: 10, keys: ['ip:{ip},userId:{param-userId}'], resetOn: [201] } },
  }, tokenSession);

  const account = { scope: 'account' } as const;
  const idParams = { type: 'object', properties: { sessionId: text(36, 1) }, required: ['sessionId'] } as const;

  /** `current` resolves to the caller's session; others must belong to the caller. */
  const resolve = (caller: UserCaller, sessionId: string): SessionRecord => {
    const session = sessionId === 'current' ? caller.session : getSession(store, sessionId);
    if (!session || session.userId !== caller.user.$id) throw new AppwriteError('user_session_not_found');
    return session;
  };

  app.get('/account/sessions', { config: account }, async (request) => {
    const caller = accountCaller(request);
    const sessions = listUserSessions(store, caller.user.$id).map((s) => sessionView(s, caller.session));
    return { total: sessions.length, sessions };
  });

  app.get<{ Params: { sessionId: string } }>('/account/sessions/:sessionId', {
    schema: { params: idParams },
    config: account,
  }, async (request) => {
    const caller = accountCaller(request);
    return sessionView(resolve(caller, request.params.sessionId), caller.session);
  });

  // Appwrite's updateSession: 10 an hour per route and IP (its default abuse key), expire = now +
  // auths.duration. It sets no cookie: the cookie keeps the expiry it got at sign-in. Its answer is
  // the stored session as is: `current` false and `countryName` '' (neither is stored), even for
  // 'current'. An OAuth session would also have its provider token refreshed; this server makes none.
  app.patch<{ Params: { sessionId: string } }>('/account/sessions/:sessionId', {
    schema: { params: idParams },
    config: { ...account, abuse: { limit: 10, keys: ['url:{url},ip:{ip}'] } },
  }, async (request) => {
    const caller = accountCaller(request);
    const session = resolve(caller, request.params.sessionId);
    const extended = extendSession(store, session.$id, clock.now(), config.sessionDuration);
    if (!extended) throw new AppwriteError('user_session_not_found');
    return { ...toSessionModel(extended, { current: false, secret: '' }), countryName: '' };
  });

  app.delete<{ Params: { sessionId: string } }>('/account/sessions/:sessionId', {
    schema: { params: idParams },
    // Group `mfa`: a session still short of its second factor can still sign out.
    config: { ...account, groups: ['mfa'], abuse: { limit: 100, keys: ['url:{url},ip:{ip}'] } },
  }, async (request, reply) => {
    const caller = accountCaller(request);
    const session = resolve(caller, request.params.sessionId);
    deleteSession(store, session.$id);
    if (session.$id === caller.session?.$id) clearSessionCookies(request, reply, config.projectId, clock.now());
    return reply.code(204).send();
  });

  app.delete('/account/sessions', {
    config: { ...account, abuse: { limit: 100, keys: ['url:{url},ip:{ip}'] } },
  }, async (request, reply) => {
    const caller = accountCaller(request);
    deleteUserSessions(store, caller.user.$id);
    clearSessionCookies(request, reply, config.projectId, clock.now());
    return reply.code(204).send();
  });
};

export default sessionRoutes;
