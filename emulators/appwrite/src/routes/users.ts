import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';

const usersRoutes: FastifyPluginAsync<PluginOptions> = async () => {};

export default usersRoutes;
