import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PluginOptions } from './context.ts';
import { clientIp } from './caller.ts';
import { AppwriteError } from './errors.ts';

export interface AbuseRule {
  /** Requests per window; 0 = unlimited. */
  limit: number;
  /** Window in seconds (Appwrite default 3600). */
  window?: number;
  /** Each key is counted separately; any exhausted key blocks (`url:{url},ip:{ip}`). */
  keys: string[];
  /** Statuses after which the counters are cleared (`abuse-reset`, e.g. [201]). */
  resetOn?: number[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    abuse?: AbuseRule;
  }
  interface FastifyRequest {
    abuseKeys?: string[];
  }
}

interface Counter {
  windowStart: number;
  count: number;
}

function paramValue(request: FastifyRequest, name: string): string {
  for (const source of [request.body, request.query, request.params]) {
    if (source && typeof source === 'object' && name in source) {
      const value = (source as Record<string, unknown>)[name];
      return typeof value === 'string' ? value : JSON.stringify(value ?? '');
    }
  }
  return '';
}

function expandKey(template: string, request: FastifyRequest, projectId: string): string {
  const caller = request.caller;
  return template.replace(/\{([a-zA-Z-]+)\}/g, (_match, name: string) => {
    switch (name) {
      case 'url': return `${request.hostname}${request.routeOptions.url ?? ''}`;
      case 'ip': return clientIp(request);
      case 'userId': return caller.kind === 'user' ? caller.user.$id : '';
      case 'method': return request.method;
      case 'projectId': return projectId;
      case 'userAgent': return String(request.headers['user-agent'] ?? '');
      default: return name.startsWith('param-') ? paramValue(request, name.slice(6)) : '';
    }
  });
}

/** Appwrite's abuse limits (PROTOCOL §6): fixed windows, keyed per route, skipped for API keys. */
export function installRateLimits(app: FastifyInstance, { config, clock }: PluginOptions): void {
  const counters = new Map<string, Counter>();

  app.addHook('preHandler', async (request, reply) => {
    const rule = request.routeOptions.config.abuse;
    if (!config.rateLimits || !rule || rule.limit === 0 || request.caller.kind === 'key') return;
    const windowMs = (rule.window ?? 3600) * 1000;
    const now = clock.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const keys = rule.keys.map((template) => `${request.routeOptions.method}:${expandKey(template, request, config.projectId)}`);
    const current = keys.map((key) => {
      const counter = counters.get(key);
      return counter && counter.windowStart === windowStart ? counter.count : 0;
    });
    const used = Math.max(...current);
    reply.header('X-RateLimit-Limit', rule.limit);
    reply.header('X-RateLimit-Reset', Math.floor((windowStart + windowMs) / 1000));
    if (used >= rule.limit) {
      reply.header('X-RateLimit-Remaining', 0);
      throw new AppwriteError('general_rate_limit_exceeded');
    }
    keys.forEach((key, i) => counters.set(key, { windowStart, count: (current[i] ?? 0) + 1 }));
    reply.header('X-RateLimit-Remaining', rule.limit - used - 1);
    request.abuseKeys = keys;
  });

  app.addHook('onSend', async (request, reply) => {
    const resetOn = request.routeOptions.config.abuse?.resetOn;
    if (resetOn?.includes(reply.statusCode) && request.abuseKeys) {
      for (const key of request.abuseKeys) counters.delete(key);
    }
  });
}
