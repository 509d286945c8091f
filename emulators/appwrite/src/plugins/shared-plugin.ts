import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * Marks a plugin as not encapsulated, so what it decorates and the hooks it adds belong to the scope
 * that registers it (what fastify-plugin does, through the `skip-override` symbol Fastify documents),
 * and names it in Fastify's plugin tree and errors.
 */
export function sharedPlugin<Options extends FastifyPluginOptions>(name: string, plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name });
  return plugin;
}
