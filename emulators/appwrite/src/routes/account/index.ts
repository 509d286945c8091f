import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../../context.ts';

const accountRoutes: FastifyPluginAsync<PluginOptions> = async () => {};

export default accountRoutes;
