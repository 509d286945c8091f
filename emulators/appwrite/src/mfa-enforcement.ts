import type { FastifyInstance } from 'fastify';
import { MFA_RECENT_SECONDS, minimumFactors } from './account/mfa.ts';
import type { PluginOptions } from './context.ts';
import { AppwriteError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Appwrite route groups that change the MFA rules: `mfa` routes (the factor list, challenges,
     * deleting a session) stay open to a session still short of factors; `mfaProtected` routes
     * need a challenge completed within the last 30 minutes.
     */
    groups?: Array<'mfa' | 'mfaProtected'>;
  }
}

/**
 * `app/controllers/shared/api.php` steps 12–13 and `shared/api/auth.php`: after the scope check and
 * before the abuse limits. Only sessions carry factors: API keys and JWTs are not held back.
 */
export function installMfaEnforcement(app: FastifyInstance, { store, clock }: PluginOptions): void {
  app.addHook('preHandler', async (request) => {
    const caller = request.caller;
    if (caller.kind !== 'user') return;
    const groups = request.routeOptions.config.groups ?? [];
    const session = caller.session;
    if (session && !groups.includes('mfa') && session.factors.length < minimumFactors(store, caller.user)) {
      throw new AppwriteError('user_more_factors_required');
    }
    if (groups.includes('mfaProtected')) {
      // A JWT has no session document, so no recent challenge either.
      const last = Date.parse(session?.mfaUpdatedAt ?? '');
      if (!Number.isFinite(last) || last + MFA_RECENT_SECONDS * 1000 < clock.now()) {
        throw new AppwriteError('user_challenge_required');
      }
    }
  });
}
