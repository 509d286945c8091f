import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../../context.ts';
import accountRoutes from './account.ts';
import jwtRoutes from './jwt.ts';
import mfaRoutes from './mfa.ts';
import recoveryRoutes from './recovery.ts';
import sessionRoutes from './sessions.ts';
import tokenRoutes from './tokens.ts';
import verificationRoutes from './verification.ts';

const account: FastifyPluginAsync<PluginOptions> = async (app, { config, store, clock, project }) => {
  // Children inherit the `/v1` prefix; passing it again would double it.
  const options: PluginOptions = { config, store, clock, project };
  for (const routes of [accountRoutes, sessionRoutes, tokenRoutes, verificationRoutes, recoveryRoutes, jwtRoutes, mfaRoutes]) {
    await app.register(routes, options);
  }
};

export default account;
