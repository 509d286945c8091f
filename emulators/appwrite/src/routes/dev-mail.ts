import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { AppwriteError } from '../errors.ts';
import { listMail } from '../mail/outbox.ts';
import { renderMailbox } from '../mail/mailbox-page.ts';

/** Dev-only mailbox (outside /v1, never proxied by the app server). */
const devMailRoutes: FastifyPluginAsync<PluginOptions> = async (app, { store }) => {
  const querystring = {
    type: 'object',
    properties: { to: { type: 'string', maxLength: 320, description: 'Value must be a valid string and no longer than 320 chars' } },
  } as const;

  // Mail holds sign-in codes: only this machine may read it, even if the server binds wider.
  app.addHook('onRequest', async (request) => {
    const remote = request.socket.remoteAddress ?? '';
    if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(remote)) throw new AppwriteError('general_access_forbidden', undefined, 403);
  });

  app.get<{ Querystring: { to?: string } }>('/_dev/mail', { schema: { querystring } }, async (request) =>
    listMail(store, request.query.to));

  app.get<{ Querystring: { to?: string } }>('/_dev/mail/ui', { schema: { querystring } }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderMailbox(listMail(store, request.query.to), request.query.to ?? '')));
};

export default devMailRoutes;
