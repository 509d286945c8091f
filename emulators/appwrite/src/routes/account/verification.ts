import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PluginOptions } from '../../context.ts';
import { AppwriteError } from '../../errors.ts';
import { tokenSecret } from '../../ids.ts';
import { sendMail } from '../../mail/outbox.ts';
import { consumeToken, createToken, TOKEN_LIFETIME, TOKEN_TYPE, toTokenModel } from '../../account/tokens.ts';
import { getUser, updateUser } from '../../account/users.ts';
import { body, text, uid, url } from '../params.ts';
import { assertRedirectUrl, platformsFrom } from '../../platforms.ts';
import { accountCaller, isKey, withTokenParams } from './shared.ts';

/** Email verification (`/account/verifications/email`, alias `/account/verification`): 1-hour links. */
const verificationRoutes: FastifyPluginAsync<PluginOptions> = async (app, { config, store, clock }) => {
  const platforms = platformsFrom(config.platforms);
  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const { user } = accountCaller(request);
    const redirect = assertRedirectUrl(platforms, 'url', (request.body as { url: string }).url);
    if (!user.email) throw new AppwriteError('user_email_not_found');
    if (user.emailVerification) throw new AppwriteError('user_email_already_verified');
    const now = clock.now();
    const secret = tokenSecret();
    const token = createToken(store, { userId: user.$id, type: TOKEN_TYPE.verification, secret, lifetimeSeconds: TOKEN_LIFETIME.confirm }, now);
    const link = withTokenParams(redirect, user.$id, secret, token.expire);
    sendMail(store, {
      to: user.email,
      subject: 'Account Verification',
      text: `Hello ${user.name || user.email},\n\nFollow this link to verify your email address for ${config.projectName}:\n${link}\n\nThe link expires in 1 hour.`,
      html: `<p>Follow this link to verify your email address for ${config.projectName}:</p><p><a href="${link.replace(/"/g, '&quot;')}">Verify email</a></p>`,
    }, now);
    return reply.code(201).send(toTokenModel(token, isKey(request) ? secret : ''));
  };

  const confirm = async (request: FastifyRequest) => {
    const input = request.body as { userId: string; secret: string };
    const now = clock.now();
    const user = getUser(store, input.userId);
    if (!user) throw new AppwriteError('user_not_found');
    const token = consumeToken(store, user.$id, [TOKEN_TYPE.verification], input.secret, now);
    if (!token) throw new AppwriteError('user_invalid_token');
    updateUser(store, user.$id, { emailVerification: true }, now);
    return toTokenModel(token, '');
  };

  const createOptions = {
    schema: { body: body({ url }, ['url']) },
    config: { scope: 'account', abuse: { limit: 10, keys: ['url:{url},userId:{userId}'] } },
  };
  const confirmOptions = {
    schema: { body: body({ userId: uid, secret: text(256, 1) }, ['userId', 'secret']) },
    config: { scope: 'public', abuse: { limit: 10, keys: ['url:{url},userId:{param-userId}'] } },
  };
  for (const path of ['/account/verifications/email', '/account/verification']) {
    app.post(path, createOptions, create);
    app.put(path, confirmOptions, confirm);
  }
};

export default verificationRoutes;
