import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { AppwriteError } from '../errors.ts';
import { deleteTotpAuthenticator, hasRecoveryCodes, listFactors, listRecoveryCodes, replaceRecoveryCodes } from '../account/mfa.ts';
import { getUser, toUserModel, updateUser, type UserRecord } from '../account/users.ts';
import { authenticatorType } from './account/mfa.ts';
import { body, boolean, text } from './params.ts';

/** Server API users MFA (`src/Appwrite/Platform/Modules/Users/Http/Users/MFA/**`), API key only. */
const usersMfaRoutes: FastifyPluginAsync<PluginOptions> = async (app, { store, clock }) => {
  const read = { scope: 'users.read' } as const;
  const write = { scope: 'users.write' } as const;
  const params = { type: 'object', properties: { userId: text(36, 1) }, required: ['userId'] } as const;
  const withType = {
    type: 'object',
    properties: { userId: text(36, 1), type: authenticatorType.properties.type },
    required: ['userId', 'type'],
  } as const;

  const mustGet = (userId: string): UserRecord => {
    const user = getUser(store, userId);
    if (!user) throw new AppwriteError('user_not_found');
    return user;
  };

  app.patch<{ Params: { userId: string }; Body: { mfa: boolean } }>('/users/:userId/mfa', {
    schema: { params, body: body({ mfa: boolean }, ['mfa']) },
    config: write,
  }, async (request) => {
    mustGet(request.params.userId);
    return toUserModel(updateUser(store, request.params.userId, { mfa: request.body.mfa }, clock.now()));
  });

  app.get<{ Params: { userId: string } }>('/users/:userId/mfa/factors', { schema: { params }, config: read }, async (request) =>
    listFactors(store, mustGet(request.params.userId)));

  app.delete<{ Params: { userId: string; type: 'totp' } }>('/users/:userId/mfa/authenticators/:type', {
    schema: { params: withType },
    config: write,
  }, async (request, reply) => {
    mustGet(request.params.userId);
    if (!deleteTotpAuthenticator(store, request.params.userId)) throw new AppwriteError('user_authenticator_not_found');
    return reply.code(204).send();
  });

  app.get<{ Params: { userId: string } }>('/users/:userId/mfa/recovery-codes', { schema: { params }, config: read }, async (request) => {
    mustGet(request.params.userId);
    const codes = listRecoveryCodes(store, request.params.userId);
    if (codes.length === 0) throw new AppwriteError('user_recovery_codes_not_found');
    return { recoveryCodes: codes };
  });

  // Appwrite's verbs here differ from the account API's: PATCH creates, PUT regenerates.
  app.patch<{ Params: { userId: string } }>('/users/:userId/mfa/recovery-codes', { schema: { params }, config: write }, async (request, reply) => {
    mustGet(request.params.userId);
    if (hasRecoveryCodes(store, request.params.userId)) throw new AppwriteError('user_recovery_codes_already_exists');
    return reply.code(201).send({ recoveryCodes: replaceRecoveryCodes(store, request.params.userId) });
  });

  app.put<{ Params: { userId: string } }>('/users/:userId/mfa/recovery-codes', { schema: { params }, config: write }, async (request) => {
    mustGet(request.params.userId);
    if (!hasRecoveryCodes(store, request.params.userId)) throw new AppwriteError('user_recovery_codes_not_found');
    return { recoveryCodes: replaceRecoveryCodes(store, request.params.userId) };
  });
};

export default usersMfaRoutes;
