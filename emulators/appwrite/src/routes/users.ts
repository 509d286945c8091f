import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { AppwriteError } from '../errors.ts';
import { resolveCustomId } from '../ids.ts';
import { hashPassword } from '../account/passwords.ts';
import { deleteSession, deleteUserSessions, getSession, listUserSessions, toSessionModel } from '../account/sessions.ts';
import { createToken, TOKEN_TYPE, toTokenModel } from '../account/tokens.ts';
import { listUsers } from '../account/users-list.ts';
import { createUser, deleteUser, getUser, toUserModel, updateUser, type UserRecord } from '../account/users.ts';
import { boolean, body, customId, email, integerRange, password, prefs, queries, queryBoolean, text } from './params.ts';
import crypto from 'node:crypto';

interface UserParams { userId: string }

const LABELS = {
  type: 'array',
  maxItems: 1000,
  items: { type: 'string', pattern: '^[a-zA-Z0-9]{1,36}$' },
  description: 'Value must a valid array no longer than 1000 items and Value must be a valid string and at least 1 chars and no longer than 36 chars and only alphanumeric chars',
} as const;

const PHONE = {
  type: 'string',
  pattern: '^\\+[1-9][0-9]{6,14}$',
  description: "Phone number must start with a '+' can have a maximum of fifteen digits.",
} as const;

/** Server API users (API key scopes `users.read` / `users.write`). */
const usersRoutes: FastifyPluginAsync<PluginOptions> = async (app, { store, clock }) => {
  const read = { scope: 'users.read' } as const;
  const write = { scope: 'users.write' } as const;
  const params = { type: 'object', properties: { userId: text(36, 1) }, required: ['userId'] } as const;

  const mustGet = (userId: string): UserRecord => {
    const user = getUser(store, userId);
    if (!user) throw new AppwriteError('user_not_found');
    return user;
  };

  app.get<{ Querystring: { queries?: string[] | string; search?: string; total?: string } }>('/users', {
    schema: { querystring: { type: 'object', properties: { queries: { anyOf: [queries, { type: 'string', maxLength: 4096 }], description: queries.description }, search: text(256), total: queryBoolean } } },
    config: read,
  }, async (request) => {
    const raw = request.query.queries;
    const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const withTotal = request.query.total !== 'false' && request.query.total !== '0';
    const result = listUsers(store, list, request.query.search ?? '', withTotal);
    return { total: result.total, users: result.users.map(toUserModel) };
  });

  app.post<{ Body: { userId: string; email?: string; phone?: string; password?: string; name?: string } }>('/users', {
    schema: { body: body({ userId: customId, email, phone: PHONE, password, name: text(128) }, ['userId']) },
    config: write,
  }, async (request, reply) => {
    const now = clock.now();
    const user = createUser(store, {
      id: resolveCustomId(request.body.userId, now),
      email: request.body.email ?? null,
      phone: request.body.phone ?? '',
      name: request.body.name ?? '',
      passwordHash: request.body.password ? await hashPassword(request.body.password) : null,
    }, now);
    return reply.code(201).send(toUserModel(user));
  });

  app.get<{ Params: UserParams }>('/users/:userId', { schema: { params }, config: read }, async (request) =>
    toUserModel(mustGet(request.params.userId)));

  app.delete<{ Params: UserParams }>('/users/:userId', { schema: { params }, config: write }, async (request, reply) => {
    if (!deleteUser(store, request.params.userId)) throw new AppwriteError('user_not_found');
    return reply.code(204).send();
  });

  app.put<{ Params: UserParams; Body: { labels: string[] } }>('/users/:userId/labels', {
    schema: { params, body: body({ labels: LABELS }, ['labels']) },
    config: write,
  }, async (request) => {
    mustGet(request.params.userId);
    const labels = [...new Set(request.body.labels)];
    return toUserModel(updateUser(store, request.params.userId, { labels }, clock.now()));
  });

  app.patch<{ Params: UserParams; Body: { emailVerification: boolean } }>('/users/:userId/verification', {
    schema: { params, body: body({ emailVerification: boolean }, ['emailVerification']) },
    config: write,
  }, async (request) => {
    mustGet(request.params.userId);
    return toUserModel(updateUser(store, request.params.userId, { emailVerification: request.body.emailVerification }, clock.now()));
  });

  // Blocking (status false): the user can no longer sign in, and every request of their sessions
  // answers user_blocked (caller.ts), as Appwrite's init hook does.
  app.patch<{ Params: UserParams; Body: { status: boolean } }>('/users/:userId/status', {
    schema: { params, body: body({ status: boolean }, ['status']) },
    config: write,
  }, async (request) => {
    mustGet(request.params.userId);
    return toUserModel(updateUser(store, request.params.userId, { status: request.body.status }, clock.now()));
  });

  app.patch<{ Params: UserParams; Body: { name: string } }>('/users/:userId/name', {
    schema: { params, body: body({ name: text(128) }, ['name']) },
    config: write,
  }, async (request) => {
    mustGet(request.params.userId);
    return toUserModel(updateUser(store, request.params.userId, { name: request.body.name }, clock.now()));
  });

  // As Appwrite's users.updateEmail: stored lower-case, and the new address is not verified yet;
  // an address another user holds is 409 user_target_already_exists (updateUser).
  app.patch<{ Params: UserParams; Body: { email: string } }>('/users/:userId/email', {
    schema: { params, body: body({ email }, ['email']) },
    config: write,
  }, async (request) => {
    mustGet(request.params.userId);
    return toUserModel(updateUser(store, request.params.userId, { email: request.body.email, emailVerification: false }, clock.now()));
  });

  // Users API prefs: the bare preferences object, as the account's own prefs routes answer.
  app.get<{ Params: UserParams }>('/users/:userId/prefs', { schema: { params }, config: read }, async (request) => mustGet(request.params.userId).prefs);

  app.patch<{ Params: UserParams; Body: { prefs: Record<string, unknown> } }>('/users/:userId/prefs', {
    schema: { params, body: body({ prefs }, ['prefs']) },
    config: write,
  }, async (request) => {
    mustGet(request.params.userId);
    if (JSON.stringify(request.body.prefs).length > 65_535) {
      throw new AppwriteError('general_argument_invalid', 'Invalid `prefs` param: Value must be a valid object.');
    }
    return updateUser(store, request.params.userId, { prefs: request.body.prefs }, clock.now()).prefs;
  });

  app.patch<{ Params: UserParams; Body: { password: string } }>('/users/:userId/password', {
    schema: { params, body: body({ password }, ['password']) },
    config: write,
  }, async (request) => {
    mustGet(request.params.userId);
    const passwordHash = await hashPassword(request.body.password);
    return toUserModel(updateUser(store, request.params.userId, { passwordHash }, clock.now()));
  });

  app.get<{ Params: UserParams }>('/users/:userId/sessions', { schema: { params }, config: read }, async (request) => {
    mustGet(request.params.userId);
    const sessions = listUserSessions(store, request.params.userId).map((s) => toSessionModel(s, { current: false, secret: '' }));
    return { total: sessions.length, sessions };
  });

  app.delete<{ Params: UserParams }>('/users/:userId/sessions', { schema: { params }, config: write }, async (request, reply) => {
    mustGet(request.params.userId);
    deleteUserSessions(store, request.params.userId);
    return reply.code(204).send();
  });

  app.delete<{ Params: UserParams & { sessionId: string } }>('/users/:userId/sessions/:sessionId', {
    schema: { params: { type: 'object', properties: { userId: text(36, 1), sessionId: text(36, 1) }, required: ['userId', 'sessionId'] } },
    config: write,
  }, async (request, reply) => {
    mustGet(request.params.userId);
    const session = getSession(store, request.params.sessionId);
    if (!session || session.userId !== request.params.userId) throw new AppwriteError('user_session_not_found');
    deleteSession(store, session.$id);
    return reply.code(204).send();
  });

  app.post<{ Params: UserParams; Body: { length?: number; expire?: number } }>('/users/:userId/tokens', {
    schema: { params, body: body({ length: integerRange(4, 128), expire: integerRange(60, 31_536_000) }) },
    config: write,
  }, async (request, reply) => {
    mustGet(request.params.userId);
    const length = request.body?.length ?? 6;
    const secret = crypto.randomBytes(Math.ceil(length / 2)).toString('hex').slice(0, length);
    const token = createToken(store, {
      userId: request.params.userId,
      type: TOKEN_TYPE.generic,
      secret,
      lifetimeSeconds: request.body?.expire ?? 900,
    }, clock.now());
    return reply.code(201).send(toTokenModel(token, secret));
  });
};

export default usersRoutes;
