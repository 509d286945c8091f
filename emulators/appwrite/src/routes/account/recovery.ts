import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../../context.ts';
import { AppwriteError } from '../../errors.ts';
import { tokenSecret } from '../../ids.ts';
import { sendMail } from '../../mail/outbox.ts';
import { hashPassword } from '../../account/passwords.ts';
import { consumeToken, createToken, TOKEN_LIFETIME, TOKEN_TYPE, toTokenModel } from '../../account/tokens.ts';
import { findUserByEmail, getUser, updateUser } from '../../account/users.ts';
import { body, email, password, text, uid, url } from '../params.ts';
import { assertRedirectUrl, platformsFrom } from '../../platforms.ts';
import { isKey, withTokenParams } from './shared.ts';

/** Password recovery: a 1-hour link, then a new password (which also verifies the email). */
const recoveryRoutes: FastifyPluginAsync<PluginOptions> = async (app, { config, store, clock }) => {
  const platforms = platformsFrom(config.platforms);
  app.post<{ Body: { email: string; url: string } }>('/account/recovery', {
    schema: { body: body({ email, url }, ['email', 'url']) },
    config: { scope: 'sessions.write', abuse: { limit: 10, keys: ['url:{url},email:{param-email}', 'url:{url},ip:{ip}'] } },
  }, async (request, reply) => {
    const redirect = assertRedirectUrl(platforms, 'url', request.body.url);
    const user = findUserByEmail(store, request.body.email);
    if (!user) throw new AppwriteError('user_not_found');
    if (!user.status) throw new AppwriteError('user_blocked');
    const now = clock.now();
    const secret = tokenSecret();
    const token = createToken(store, { userId: user.$id, type: TOKEN_TYPE.recovery, secret, lifetimeSeconds: TOKEN_LIFETIME.recovery }, now);
    const link = withTokenParams(redirect, user.$id, secret, token.expire);
    sendMail(store, {
      to: user.email,
      subject: `Password Reset for ${config.projectName}`,
      text: `Hello ${user.name || user.email},\n\nFollow this link to reset your ${config.projectName} password:\n${link}\n\nThe link expires in 1 hour. If you didn't ask to reset your password, you can ignore this email.`,
      html: `<p>Follow this link to reset your ${config.projectName} password:</p><p><a href="${link.replace(/"/g, '&quot;')}">Reset password</a></p>`,
    }, now);
    return reply.code(201).send(toTokenModel(token, isKey(request) ? secret : ''));
  });

  app.put<{ Body: { userId: string; secret: string; password: string } }>('/account/recovery', {
    schema: { body: body({ userId: uid, secret: text(256, 1), password }, ['userId', 'secret', 'password']) },
    config: { scope: 'sessions.write', abuse: { limit: 10, keys: ['url:{url},userId:{param-userId}'] } },
  }, async (request) => {
    const now = clock.now();
    const user = getUser(store, request.body.userId);
    if (!user) throw new AppwriteError('user_not_found');
    const token = consumeToken(store, user.$id, [TOKEN_TYPE.recovery], request.body.secret, now);
    if (!token) throw new AppwriteError('user_invalid_token');
    const passwordHash = await hashPassword(request.body.password);
    updateUser(store, user.$id, { passwordHash, emailVerification: true }, now);
    return toTokenModel(token, '');
  });
};

export default recoveryRoutes;
