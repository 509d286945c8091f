import type { FastifyPluginAsync, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { PluginOptions } from '../../context.ts';
import { parseDevice } from '../../account/device.ts';
import { AppwriteError } from '../../errors.ts';
import { resolveCustomId, tokenSecret } from '../../ids.ts';
import { sendMail } from '../../mail/outbox.ts';
import { createToken, TOKEN_LIFETIME, TOKEN_TYPE, toTokenModel } from '../../account/tokens.ts';
import { createUser, findUserByEmail, type UserRecord } from '../../account/users.ts';
import type { Store } from '../../store.ts';
import { assertRedirectUrl, platformsFrom } from '../../platforms.ts';
import { body, boolean, customId, email, url } from '../params.ts';
import { isKey, otpCode, securityPhrase } from './shared.ts';

/** `TOKEN_LENGTH_MAGIC_URL`: a magic URL's secret is 64 hex characters. */
const MAGIC_URL_SECRET_LENGTH = 64;

/**
 * Both token routes find the user by email, or create one with the given id (no password), as
 * Appwrite does: a token is how a new email signs up without a password.
 */
function userForEmail(store: Store, userId: string, address: string, now: number): UserRecord {
  const user = findUserByEmail(store, address)
    ?? createUser(store, { id: resolveCustomId(userId, now), email: address, passwordHash: null }, now);
  if (!user.status) throw new AppwriteError('user_blocked');
  return user;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** `{{agentClient}} on {{agentDevice}} {{agentOs}}` of Appwrite's mails ('UNKNOWN' where it knows nothing). */
function requestAgent(request: FastifyRequest): string {
  const device = parseDevice(String(request.headers['user-agent'] ?? ''));
  return `${device.clientName || 'UNKNOWN'} on ${device.deviceBrand || 'UNKNOWN'} ${device.osName || 'UNKNOWN'}`;
}

/**
 * Email OTP and magic URL tokens (PROTOCOL §2.2). Neither route is in Appwrite's `session` group:
 * a signed-in caller may ask for one (only turning it into a session needs no session).
 */
const tokenRoutes: FastifyPluginAsync<PluginOptions> = async (app, { config, store, clock }) => {
  const platforms = platformsFrom(config.platforms);

  app.post<{ Body: { userId: string; email: string; phrase?: boolean } }>('/account/tokens/email', {
    schema: { body: body({ userId: customId, email, phrase: boolean }, ['userId', 'email']) },
    config: {
      scope: 'sessions.write',
      abuse: { limit: 10, keys: ['url:{url},email:{param-email}', 'url:{url},ip:{ip}'] },
    },
  }, async (request, reply) => {
    const now = clock.now();
    const user = userForEmail(store, request.body.userId, request.body.email, now);
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

  // Appwrite's createMagicURLToken: 60 an hour per email and per IP; the link is the platform-checked
  // `url` (default: the console's /auth/magic-url) with userId, secret, expire and project merged
  // into its query; the secret is 64 hex characters, valid an hour and once.
  const magicUrl = async (request: FastifyRequest<{ Body: { userId: string; email: string; url?: string; phrase?: boolean } }>) => {
    const input = request.body;
    const redirect = input.url ? assertRedirectUrl(platforms, 'url', input.url) : `${request.protocol}://${request.host}/auth/magic-url`;
    const now = clock.now();
    const user = userForEmail(store, input.userId, input.email, now);
    const secret = tokenSecret(MAGIC_URL_SECRET_LENGTH);
    const phrase = input.phrase ? securityPhrase() : '';
    const token = createToken(store, { userId: user.$id, type: TOKEN_TYPE.magicUrl, secret, lifetimeSeconds: TOKEN_LIFETIME.confirm, phrase }, now);
    const link = new URL(redirect);
    for (const [key, value] of Object.entries({ userId: user.$id, secret, expire: token.expire, project: config.projectId })) {
      link.searchParams.set(key, value);
    }
    const name = config.projectName;
    const agent = requestAgent(request);
    const paragraphs = [
      `Hello ${user.name},`,
      `Click the button below to securely sign in to your ${name} account. This link will expire in 1 hour.`,
      `Sign in to ${name}: ${link.href}`,
      'If you are unable to sign in using the button above, please visit the following link:',
      link.href,
      `This sign in was requested using ${agent}. If you didn't request the sign in, you can safely ignore this email.`,
      `Thanks,\n${name} team`,
      ...(phrase ? [`Security phrase for this email is ${phrase}. You can trust this email if this phrase matches the phrase shown during sign in.`] : []),
    ];
    const href = escapeHtml(link.href);
    sendMail(store, {
      to: user.email,
      subject: `${name} Login`,
      text: paragraphs.join('\n\n'),
      html: [
        `<p>Hello ${escapeHtml(user.name)},</p>`,
        `<p>Click the button below to securely sign in to your <b>${escapeHtml(name)}</b> account. This link will expire in 1 hour.</p>`,
        `<p><a href="${href}">Sign in to ${escapeHtml(name)}</a></p>`,
        '<p>If you are unable to sign in using the button above, please visit the following link:</p>',
        `<a href="${href}">${href}</a>`,
        `<p>This sign in was requested using ${escapeHtml(agent)}. If you didn't request the sign in, you can safely ignore this email.</p>`,
        `<p>Thanks,<br>${escapeHtml(name)} team</p>`,
        phrase ? `<p>Security phrase for this email is <b>${escapeHtml(phrase)}</b>. You can trust this email if this phrase matches the phrase shown during sign in.</p>` : '',
      ].join(''),
    }, now);
    return toTokenModel(token, isKey(request) ? secret : '');
  };
  const magicUrlOptions: RouteShorthandOptions = {
    schema: { body: body({ userId: customId, email, url, phrase: boolean }, ['userId', 'email']) },
    config: {
      scope: 'sessions.write',
      abuse: { limit: 60, keys: ['url:{url},email:{param-email}', 'url:{url},ip:{ip}'] },
    },
  };
  // `POST /account/sessions/magic-url` is the route's old name, still served.
  for (const path of ['/account/tokens/magic-url', '/account/sessions/magic-url']) {
    app.post<{ Body: { userId: string; email: string; url?: string; phrase?: boolean } }>(path, magicUrlOptions, async (request, reply) => {
      const token = await magicUrl(request);
      return reply.code(201).send(token);
    });
  }
};

export default tokenRoutes;
