import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../../context.ts';
import { AppwriteError } from '../../errors.ts';
import { createJwtSigner } from '../../account/jwt.ts';
import { body, integerRange } from '../params.ts';
import { accountCaller } from './shared.ts';

/** `POST /account/jwts` (alias `/account/jwt`): HS256 `{userId, sessionId}`, 0–3600 s, default 900. */
const jwtRoutes: FastifyPluginAsync<PluginOptions> = async (app, { store, clock }) => {
  const signer = createJwtSigner(store);
  const options = {
    schema: { body: body({ duration: integerRange(0, 3600) }) },
    config: { scope: 'account', abuse: { limit: 120, window: 60, keys: ['url:{url},userId:{userId}'] } },
  };
  for (const path of ['/account/jwts', '/account/jwt']) {
    app.post<{ Body: { duration?: number } }>(path, options, async (request, reply) => {
      const caller = accountCaller(request);
      if (!caller.session) throw new AppwriteError('user_jwt_creation_denied');
      const jwt = signer.sign({ userId: caller.user.$id, sessionId: caller.session.$id }, request.body?.duration ?? 900, clock.now());
      return reply.code(201).send({ jwt });
    });
  }
};

export default jwtRoutes;
