// Starts the SMTP receiver (smtp-receiver.ts) once the server listens and stops it on close.
// Decorates the server with `smtpReceiver`, whose `port` is null until then (or when turned off).
import type { PluginOptions } from '../context.ts';
import { sharedPlugin } from '../plugins/shared-plugin.ts';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver.ts';

declare module 'fastify' {
  interface FastifyInstance {
    smtpReceiver: { port: number | null };
  }
}

export default sharedPlugin<PluginOptions>('appwrite-smtp-receiver', async (app, { config, store, clock }) => {
  const state: { port: number | null } = { port: null };
  app.decorate('smtpReceiver', state);
  let receiver: SmtpReceiver | null = null;
  const port = config.smtpPort;
  if (port === null) return;
  // Started before the HTTP server listens, so a port that is taken stops the start with its reason.
  app.addHook('onReady', async () => {
    receiver = await startSmtpReceiver({ store, clock, port, warn: (message) => app.log.warn(message) });
    state.port = receiver.port;
  });
  app.addHook('onClose', async () => {
    await receiver?.close();
    state.port = null;
  });
});
