// Function domains (`/_functions/{functionId}/…`, outside /v1): what a webhook sender calls. Everything
// after the function id reaches the function untouched, including the raw body bytes (Stripe signs
// them), so this scope parses no content type.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientIp } from '../../caller.ts';
import { AppwriteError } from '../../errors.ts';
import type { ExecutionInput, Invoker } from '../../functions/execution-service.ts';
import { hostParts, MAX_BODY } from './request.ts';

/** Function domains: the same rate as executions, per client address and function. */
const DOMAIN_LIMIT = { limit: 60, window: 60, keys: ['url:{param-functionId},ip:{ip}'] };

function flatHeaders(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(request.headers)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

export default async function functionDomainRoutes(domain: FastifyInstance): Promise<void> {
  const { service, repo } = domain.functions;
  domain.removeAllContentTypeParsers();
  domain.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY }, (_req, body, done) => { done(null, body); });

  const handler = async (request: FastifyRequest<{ Params: { functionId: string } }>, reply: FastifyReply): Promise<FastifyReply> => {
    const def = service.find(request.params.functionId);
    // Appwrite serves a function domain only when anyone may execute it.
    if (!def.execute.includes('any') && !def.execute.includes('guests')) {
      throw new AppwriteError('user_unauthorized', 'To execute function using domain, execute permissions must include "any" or "guests"');
    }
    const prefix = `/_functions/${def.id}`;
    const rest = request.url.slice(request.url.indexOf(prefix) + prefix.length);
    const invoker: Invoker = { roles: ['any', 'guests'], userId: null, userJwt: '', clientIp: clientIp(request) };
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const input: ExecutionInput = { trigger: 'http', method: request.method, path: rest.startsWith('/') ? rest : `/${rest}`, headers: flatHeaders(request), body, ...hostParts(request) };
    service.assertCapacity(def);
    const execution = service.create(def, input, invoker, 'sync');
    const result = await service.run(def, execution, input, invoker);
    await repo.committed();
    for (const [k, v] of Object.entries(result.headers)) {
      if (!['content-length', 'transfer-encoding', 'connection'].includes(k)) reply.header(k, v);
    }
    return reply.code(result.record.responseStatusCode || 500).send(result.body);
  };
  const routeConfig = { config: { abuse: DOMAIN_LIMIT } };
  domain.all('/_functions/:functionId', routeConfig, handler);
  domain.all('/_functions/:functionId/*', routeConfig, handler);
}
