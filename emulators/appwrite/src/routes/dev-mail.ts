import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { listMail } from '../mail/outbox.ts';
import { renderMailbox } from '../mail/mailbox-page.ts';

/** Dev-only mailbox (outside /v1, never proxied by the app server). */
const devMailRoutes: FastifyPluginAsync<PluginOptions> = async (app, { store }) => {
  const querystring = {
    type: 'object',
    properties: { to: { type: 'string', maxLength: 320, description: 'Value must be a valid string and no longer than 320 chars' } },
  } as const;

  app.get<{ Querystring: { to?: string } }>('/_dev/mail', { schema: { querystring } }, async (request) =>
    listMail(store, request.query.to));

  app.get<{ Querystring: { to?: string } }>('/_dev/mail/ui', { schema: { querystring } }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderMailbox(listMail(store, request.query.to), request.query.to ?? '')));
};

export default devMailRoutes;
