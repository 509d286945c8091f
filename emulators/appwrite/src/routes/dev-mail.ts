import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { AppwriteError } from '../errors.ts';
import { listMail, mailAttachment } from '../mail/outbox.ts';
import { renderMailbox } from '../mail/mailbox-page.ts';

const LOOPBACK_ADDRESSES = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Dev-only mailbox (outside /v1, never proxied by the app server). */
const devMailRoutes: FastifyPluginAsync<PluginOptions> = async (app, { store }) => {
  const querystring = {
    type: 'object',
    properties: { to: { type: 'string', maxLength: 320, description: 'Value must be a valid string and no longer than 320 chars' } },
  } as const;

  // Mail holds sign-in codes: only this machine may read it, even if the server binds wider. The
  // Host check stops DNS rebinding: a page on evil.example re-pointed at 127.0.0.1 is same-origin
  // with this server from the browser's view, but still names its own host.
  app.addHook('onRequest', async (request) => {
    const remote = request.socket.remoteAddress ?? '';
    const host = (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
    if (!LOOPBACK_ADDRESSES.includes(remote) || !LOOPBACK_HOSTS.includes(host)) {
      throw new AppwriteError('general_access_forbidden', undefined, 403);
    }
  });

  app.get<{ Querystring: { to?: string } }>('/_dev/mail', { schema: { querystring } }, async (request) =>
    listMail(store, request.query.to));

  // An attachment's bytes (a test reads the PDF an invoice email carried).
  app.get<{ Params: { id: string; index: string } }>('/_dev/mail/:id/attachments/:index', async (request, reply) => {
    const attachment = /^\d{1,3}$/.test(request.params.index) ? mailAttachment(store, request.params.id, Number(request.params.index)) : null;
    if (!attachment) throw new AppwriteError('general_route_not_found', undefined, 404);
    return reply
      .type(attachment.contentType || 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${attachment.filename.replace(/["\\\r\n]/g, '_')}"`)
      .send(attachment.content);
  });

  app.get<{ Querystring: { to?: string } }>('/_dev/mail/ui', { schema: { querystring } }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderMailbox(listMail(store, request.query.to), request.query.to ?? '')));
};

export default devMailRoutes;
