import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../../context.ts';
import { AppwriteError } from '../../errors.ts';
import { resolveCustomId } from '../../ids.ts';
import { sendMail } from '../../mail/outbox.ts';
import { createToken, TOKEN_LIFETIME, TOKEN_TYPE, toTokenModel } from '../../account/tokens.ts';
import { createUser, findUserByEmail } from '../../account/users.ts';
import { body, boolean, customId, email } from '../params.ts';
import { assertNoActiveSession, isKey, otpCode, securityPhrase } from './shared.ts';

/** Email OTP: creates the user for a new email, mails a 6-digit code valid 15 minutes. */
const tokenRoutes: FastifyPluginAsync<PluginOptions> = async (app, { config, store, clock }) => {
  app.post<{ Body: { userId: string; email: string; phrase?: boolean } }>('/account/tokens/email', {
    schema: { body: body({ userId: customId, email, phrase: boolean }, ['userId', 'email']) },
    config: {
      scope: 'sessions.write',
      abuse: { limit: 10, keys: ['url:{url},email:{param-email}', 'url:{url},ip:{ip}'] },
    },
  }, async (request, reply) => {
    assertNoActiveSession(request);
    const now = clock.now();
    const user = findUserByEmail(store, request.body.email)
      ?? createUser(store, { id: resolveCustomId(request.body.userId, now), email: request.body.email, passwordHash: null }, now);
    if (!user.status) throw new AppwriteError('user_blocked');
    const code = otpCode();
    const phrase = request.body.phrase ? securityPhrase() : '';
    const token = createToken(store, { userId: user.$id, type: TOKEN_TYPE.email, secret: code, lifetimeSeconds: TOKEN_LIFETIME.otp, phrase }, now);
    const name = config.projectName;
    const lines = [`Use OTP ${code} to sign in to ${name}. Expires in 15 minutes.`];
    if (phrase) lines.push(`Security phrase: ${phrase}`);
    lines.push('', "If you didn't ask to sign in, you can ignore this email.");
    sendMail(store, {
      to: user.email,
      subject: `OTP for ${name} Login`,
      text: lines.join('\n'),
      html: `<p>Use OTP <strong>${code}</strong> to sign in to ${name}. Expires in 15 minutes.</p>${phrase ? `<p>Security phrase: ${phrase}</p>` : ''}`,
    }, now);
    return reply.code(201).send(toTokenModel(token, isKey(request) ? code : ''));
  });
};

export default tokenRoutes;
