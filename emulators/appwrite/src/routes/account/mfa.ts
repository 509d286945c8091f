import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isoDate } from '../../clock.ts';
import type { PluginOptions } from '../../context.ts';
import { AppwriteError } from '../../errors.ts';
import { sendMail } from '../../mail/outbox.ts';
import {
  challengeCodeMatches, consumeRecoveryCode, createChallenge, createTotpAuthenticator, deleteChallenge,
  deleteTotpAuthenticator, FACTOR, FACTORS, findChallenge, getTotpAuthenticator, hasRecoveryCodes, listFactors,
  listRecoveryCodes, markTotpVerified, provisioningUri, replaceRecoveryCodes, verifiedFactors, verifyTotp,
  type Challenge, type Factor,
} from '../../account/mfa.ts';
import { addSessionFactors } from '../../account/sessions.ts';
import { toAccountModel, updateUser, type UserRecord } from '../../account/users.ts';
import { body, boolean, text } from '../params.ts';
import { accountCaller, otpCode, sessionView } from './shared.ts';

/** utopia `WhiteList` text. */
function oneOf<T extends string>(values: readonly T[]) {
  return { type: 'string', enum: values, description: `Value must be one of (${values.join(', ')})` } as const;
}

export const authenticatorType = { type: 'object', properties: { type: oneOf([FACTOR.totp]) }, required: ['type'] } as const;
const otp = text(256);

/** `Type::*` checks of `Challenges/Create.php` with the default factor policy and no SMS provider. */
function assertChallengeable(user: UserRecord, factor: Factor): void {
  switch (factor) {
    case FACTOR.phone:
      throw new AppwriteError('general_phone_disabled', 'Phone provider not configured');
    case FACTOR.email:
      if (!user.email) throw new AppwriteError('user_email_not_found');
      if (!user.emailVerification) throw new AppwriteError('user_email_not_verified');
      return;
    case FACTOR.custom:
      throw new AppwriteError('user_auth_method_unsupported', 'The requested factor is disabled by the MFA factors policy');
    default:
  }
}

/** Account MFA (`src/Appwrite/Platform/Modules/Account/Http/Account/MFA/**`). */
const mfaRoutes: FastifyPluginAsync<PluginOptions> = async (app, { config, store, clock }) => {
  const account = { scope: 'account' } as const;

  app.patch<{ Body: { mfa: boolean } }>('/account/mfa', {
    schema: { body: body({ mfa: boolean }, ['mfa']) },
    config: account,
  }, async (request) => {
    const { user, session } = accountCaller(request);
    const updated = updateUser(store, user.$id, { mfa: request.body.mfa }, clock.now());
    // Turning MFA on must not lock out the session that did it: it gets every verified factor.
    if (request.body.mfa && session) addSessionFactors(store, session.$id, verifiedFactors(store, updated));
    return toAccountModel(updated);
  });

  app.post<{ Params: { type: 'totp' } }>('/account/mfa/authenticators/:type', {
    schema: { params: authenticatorType },
    config: account,
  }, async (request) => {
    const { user } = accountCaller(request);
    if (getTotpAuthenticator(store, user.$id)?.verified) throw new AppwriteError('user_authenticator_already_verified');
    const { secret } = createTotpAuthenticator(store, user.$id, clock.now());
    return { secret, uri: provisioningUri(secret, user.email, config.projectName) };
  });

  app.put<{ Params: { type: 'totp' }; Body: { otp: string } }>('/account/mfa/authenticators/:type', {
    schema: { params: authenticatorType, body: body({ otp }, ['otp']) },
    config: account,
  }, async (request) => {
    const { user, session } = accountCaller(request);
    const authenticator = getTotpAuthenticator(store, user.$id);
    if (!authenticator) throw new AppwriteError('user_authenticator_not_found');
    if (authenticator.verified) throw new AppwriteError('user_authenticator_already_verified');
    if (!verifyTotp(authenticator.secret, request.body.otp, clock.now())) throw new AppwriteError('user_invalid_token');
    markTotpVerified(store, authenticator.id);
    if (session) addSessionFactors(store, session.$id, [FACTOR.totp]);
    return toAccountModel(user);
  });

  app.delete<{ Params: { type: 'totp' } }>('/account/mfa/authenticators/:type', {
    schema: { params: authenticatorType },
    config: { ...account, groups: ['mfaProtected'] },
  }, async (request, reply) => {
    const { user } = accountCaller(request);
    if (!deleteTotpAuthenticator(store, user.$id)) throw new AppwriteError('user_authenticator_not_found');
    return reply.code(204).send();
  });

  app.get('/account/mfa/factors', { config: { ...account, groups: ['mfa'] } }, async (request) =>
    listFactors(store, accountCaller(request).user));

  const createOptions = {
    schema: { body: body({ factor: oneOf(FACTORS) }, ['factor']) },
    // utopia's WhiteList is not strict here: it compares lower-cased, and the Web SDK's own enum
    // sends `recoverycode`. Both spellings become the server's `recoveryCode`.
    preValidation: async (request: FastifyRequest) => {
      const input = request.body as { factor?: unknown } | undefined;
      if (typeof input?.factor !== 'string') return;
      const lower = input.factor.toLowerCase();
      input.factor = FACTORS.find((factor) => factor.toLowerCase() === lower) ?? input.factor;
    },
    config: { ...account, groups: ['mfa' as const], abuse: { limit: 10, keys: ['url:{url},userId:{userId}'] } },
  };
  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const { user } = accountCaller(request);
    const { factor } = request.body as { factor: Factor };
    assertChallengeable(user, factor);
    const now = clock.now();
    const code = factor === FACTOR.email ? otpCode() : '';
    const challenge: Challenge = createChallenge(store, user.$id, factor, code, now);
    if (factor === FACTOR.email) {
      const project = config.projectName;
      sendMail(store, {
        to: user.email,
        subject: `Verification Code for ${project}`,
        text: `Hello ${user.name || user.email},\n\nEnter the following code to confirm your two-step verification in ${project}. This code will expire in 15 minutes.\n\n${code}\n\nIf you didn't request the verification code, you can safely ignore this email.`,
        html: `<p>Enter the following code to confirm your two-step verification in ${project}:</p><p><strong>${code}</strong></p>`,
      }, now);
    }
    const { type: _type, ...model } = challenge;
    return reply.code(201).send(model);
  };

  const updateOptions = {
    schema: { body: body({ challengeId: text(256), otp }, ['challengeId', 'otp']) },
    config: { ...account, groups: ['mfa' as const], abuse: { limit: 10, keys: ['url:{url},challengeId:{param-challengeId}'] } },
  };
  const update = async (request: FastifyRequest) => {
    const caller = accountCaller(request);
    const input = request.body as { challengeId: string; otp: string };
    const now = clock.now();
    const challenge = findChallenge(store, caller.user.$id, input.challengeId, now);
    if (!challenge) throw new AppwriteError('user_invalid_token');
    // A JWT has no session to add the factor to: a recovery code must not be spent for nothing.
    if (!caller.session) throw new AppwriteError('user_session_not_found');
    if (!challengeSucceeds(challenge, caller.user, input.otp, now)) throw new AppwriteError('user_invalid_token');
    deleteChallenge(store, challenge.$id);
    const session = addSessionFactors(store, caller.session.$id, [challenge.type], isoDate(now));
    if (!session) throw new AppwriteError('user_session_not_found');
    return sessionView(session, caller.session);
  };

  /** The factor's own check; a TOTP challenge with no authenticator simply fails. */
  const challengeSucceeds = (challenge: Challenge, user: UserRecord, code: string, now: number): boolean => {
    switch (challenge.type) {
      case FACTOR.totp: {
        const authenticator = getTotpAuthenticator(store, user.$id);
        return !!authenticator && verifyTotp(authenticator.secret, code, now);
      }
      case FACTOR.recoveryCode:
        return consumeRecoveryCode(store, user.$id, code);
      case FACTOR.email:
      case FACTOR.phone:
        return challengeCodeMatches(store, challenge.$id, code);
      default:
        return false;
    }
  };

  for (const path of ['/account/mfa/challenges', '/account/mfa/challenge']) {
    app.post(path, createOptions, create);
    app.put(path, updateOptions, update);
  }

  app.post('/account/mfa/recovery-codes', { config: account }, async (request, reply) => {
    const { user } = accountCaller(request);
    if (hasRecoveryCodes(store, user.$id)) throw new AppwriteError('user_recovery_codes_already_exists');
    return reply.code(201).send({ recoveryCodes: replaceRecoveryCodes(store, user.$id) });
  });

  app.get('/account/mfa/recovery-codes', { config: { ...account, groups: ['mfaProtected'] } }, async (request) => {
    const codes = listRecoveryCodes(store, accountCaller(request).user.$id);
    if (codes.length === 0) throw new AppwriteError('user_recovery_codes_not_found');
    return { recoveryCodes: codes };
  });

  app.patch('/account/mfa/recovery-codes', { config: { ...account, groups: ['mfaProtected'] } }, async (request) => {
    const { user } = accountCaller(request);
    if (!hasRecoveryCodes(store, user.$id)) throw new AppwriteError('user_recovery_codes_not_found');
    return { recoveryCodes: replaceRecoveryCodes(store, user.$id) };
  });
};

export default mfaRoutes;
