// What the execution routes and the function domains both read from a request.
import type { FastifyRequest } from 'fastify';

/** Function bodies (execution `body` param, function domain bytes) up to 10 MiB (PROTOCOL §4.1). */
export const MAX_BODY = 10_485_760;

export function headerString(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** The host, port and scheme the function's `req` reports: the ones the caller addressed. */
export function hostParts(request: FastifyRequest): { host: string; port: number; scheme: string } {
  const scheme = headerString(request, 'x-forwarded-proto') ?? 'http';
  const hostHeader = headerString(request, 'host') ?? 'localhost';
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(hostHeader);
  const host = m?.[1] ?? hostHeader;
  const port = m?.[2] ? Number(m[2]) : scheme === 'https' ? 443 : 80;
  return { host, port, scheme };
}
