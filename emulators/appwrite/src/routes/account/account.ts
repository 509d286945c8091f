import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../../context.ts';
import { AppwriteError } from '../../errors.ts';
import { resolveCustomId } from '../../ids.ts';
import { hashPassword, verifyPassword } from '../../account/passwords.ts';
import { createUser, toAccountModel, updateUser } from '../../account/users.ts';
import { body, customId, email, password, prefs, text } from '../params.ts';
import { accountCaller, clearSessionCookies } from './shared.ts';

interface CreateBody { userId: string; email: string; password: string; name?: string }

/** Account: get, create, name, password, email, prefs, status. */
const accountRoutes: FastifyPluginAsync<PluginOptions> = async (app, { config, store, clock }) => {
  const account = { scope: 'account' } as const;

  app.get('/account', { config: account }, async (request) => toAccountModel(accountCaller(request).user));

  app.post<{ Body: CreateBody }>('/account', {
    schema: { body: body({ userId: customId, email, password, name: text(128) }, ['userId', 'email', 'password']) },
    config: { scope: 'sessions.write', abuse: { limit: 10, keys: ['url:{url},ip:{ip}'] } },
  }, async (request, reply) => {
    const now = clock.now();
    const user = createUser(store, {
      id: resolveCustomId(request.body.userId, now),
      email: request.body.email,
      name: request.body.name ?? '',
      passwordHash: await hashPassword(request.body.password),
    }, now);
    return reply.code(201).send(toAccountModel(user));
  });

  app.patch<{ Body: { name: string } }>('/account/name', {
    schema: { body: body({ name: text(128) }, ['name']) },
    config: account,
  }, async (request) => {
    const { user } = accountCaller(request);
    return toAccountModel(updateUser(store, user.$id, { name: request.body.name }, clock.now()));
  });

  app.patch<{ Body: { password: string; oldPassword?: string } }>('/account/password', {
    schema: { body: body({ password, oldPassword: text(256) }, ['password']) },
    config: { ...account, abuse: { limit: 10, keys: ['url:{url},ip:{ip}'] } },
  }, async (request) => {
    const { user } = accountCaller(request);
    if (user.password && !(await verifyPassword(user.password, request.body.oldPassword ?? ''))) {
      throw new AppwriteError('user_invalid_credentials');
    }
    const passwordHash = await hashPassword(request.body.password);
    return toAccountModel(updateUser(store, user.$id, { passwordHash }, clock.now()));
  });

  app.patch<{ Body: { email: string; password: string } }>('/account/email', {
    schema: { body: body({ email, password }, ['email', 'password']) },
    config: account,
  }, async (request) => {
    const { user } = accountCaller(request);
    let passwordHash: string | undefined;
    if (user.password) {
      if (!(await verifyPassword(user.password, request.body.password))) throw new AppwriteError('user_invalid_credentials');
    } else {
      // A password-less (OTP) account adopts the given password, as Appwrite converts anonymous accounts.
      passwordHash = await hashPassword(request.body.password);
    }
    const updated = updateUser(store, user.$id, {
      email: request.body.email,
      emailVerification: false,
      ...(passwordHash ? { passwordHash } : {}),
    }, clock.now());
    return toAccountModel(updated);
  });

  app.get('/account/prefs', { config: account }, async (request) => accountCaller(request).user.prefs);

  app.patch<{ Body: { prefs: Record<string, unknown> } }>('/account/prefs', {
    schema: { body: body({ prefs }, ['prefs']) },
    config: account,
  }, async (request) => {
    const { user } = accountCaller(request);
    if (JSON.stringify(request.body.prefs).length > 65_535) {
      throw new AppwriteError('general_argument_invalid', 'Invalid `prefs` param: Value must be a valid object.');
    }
    return toAccountModel(updateUser(store, user.$id, { prefs: request.body.prefs }, clock.now()));
  });

  app.patch('/account/status', { config: account }, async (request, reply) => {
    const { user } = accountCaller(request);
    const now = clock.now();
    const updated = updateUser(store, user.$id, { status: false }, now);
    clearSessionCookies(request, reply, config.projectId, now);
    return toAccountModel(updated);
  });
};

export default accountRoutes;
