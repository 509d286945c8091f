// Executions that run later: async and `scheduledAt` ones, and the cron schedules of
// backend/appwrite.json (see execution-scheduler.ts). Decorates the server with `executionScheduler`.
import type { PluginOptions } from '../context.ts';
import { sharedPlugin } from '../plugins/shared-plugin.ts';
import { ExecutionScheduler } from './execution-scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    executionScheduler: ExecutionScheduler;
  }
}

export default sharedPlugin<PluginOptions>('appwrite-schedules', async (app, { config, clock }) => {
  const { service, repo, background, withJwt } = app.functions;
  const scheduler = new ExecutionScheduler({
    service, repo, clock, background,
    invoker: withJwt,
    warn: (message, detail) => app.log.warn(detail, message),
    cron: config.schedules,
    host: config.host,
    port: config.port,
  });
  app.decorate('executionScheduler', scheduler);
  // Once the server listens: resumed executions may call back into this server's API.
  app.addHook('onListen', async () => { scheduler.start(); });
  app.addHook('onClose', async () => { scheduler.stop(); });
});
