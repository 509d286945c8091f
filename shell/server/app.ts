import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { isAppRoute } from '../src/route-table.ts';
import type { ServerConfig } from './config.ts';
import { APP_SERVER_ERRORS, rawAppwriteError, sendAppwriteError } from './appwrite-error.ts';
import { appwriteProxy } from './appwrite-proxy.ts';
import { securityHeaders } from './security-headers.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** The app server: the shell, the deployed remotes, runtime config, and the /v1 proxy. */
export async function buildServer(config: ServerConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    trustProxy: config.trustProxy,
    // A request Node's parser refuses (URL or headers over its 16 KB, broken framing) gets Appwrite's
    // body too: 431 for the size, 400 otherwise, as the Appwrite emulator answers.
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      if (!socket.writable || error.code === 'ECONNRESET') {
        socket.destroy();
        return;
      }
      socket.end(rawAppwriteError(error.code === 'HPE_HEADER_OVERFLOW' ? APP_SERVER_ERRORS.headersTooLarge : APP_SERVER_ERRORS.badRequest));
    },
    // A path that is not UTF-8 once decoded (/%ff) and other requests the router cannot take.
    frameworkErrors: (_error, _request, reply) => sendAppwriteError(reply, APP_SERVER_ERRORS.badRequest),
  });
  const headers = securityHeaders(config);
  const versioned = config.devMode ? NO_CACHE : IMMUTABLE;

  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    return payload;
  });

  // Source maps are build artifacts: the built files name them, but the public gets a 404.
  if (!config.serveSourceMaps) {
    app.addHook('onRequest', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname.endsWith('.map') && !/^\/v1(\/|$)/.test(pathname)) return sendAppwriteError(reply, APP_SERVER_ERRORS.routeNotFound);
    });
  }

  // Responses only: request bodies go to Appwrite as sent (see appwrite-proxy.ts).
  await app.register(compress, { global: true, globalDecompression: false, encodings: ['br', 'gzip'], threshold: 1024 });

  await app.register((v1) => appwriteProxy(v1, config));

  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', NO_CACHE);
    return config.runtime;
  });

  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', NO_CACHE).type('application/json');
    try {
      return await readFile(path.join(config.deployDir, 'remotes.json'), 'utf8');
    } catch {
      // No remote deployed yet: the shell still renders, remote routes show their error.
      return '{}';
    }
  });

  app.get('/CHANGELOG.md', async (_request, reply) => {
    reply.header('cache-control', NO_CACHE).type('text/markdown; charset=utf-8');
    return readFile(config.changelogPath, 'utf8');
  });

  await app.register(fastifyStatic, {
    root: path.join(config.deployDir, 'remotes'),
    prefix: '/remotes/',
    decorateReply: false,
    index: false,
    // Every file lives under a versioned folder that never changes once written.
    setHeaders: (res) => res.header('cache-control', versioned),
  });

  await app.register(fastifyStatic, {
    root: config.shellDist,
    prefix: '/',
    index: false,
    // Production: the file list is read once at start (the build is done before). `pnpm dev`
    // rebuilds the shell in place while the server runs, so there every request looks on disk.
    wildcard: config.devMode,
    setHeaders: (res, filePath) =>
      res.header('cache-control', filePath.endsWith('.html') ? NO_CACHE : versioned),
  });

  const indexHtml = () => readFile(path.join(config.shellDist, 'index.html'), 'utf8');

  app.get('/', (_request, reply) => sendShell(reply, 200, indexHtml));

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return sendAppwriteError(reply, APP_SERVER_ERRORS.routeNotFound);
    // Unknown routes get the shell too, which renders its "Page not found" screen, with a real 404.
    return sendShell(reply, isAppRoute(request.url.split('?')[0] ?? '/') ? 200 : 404, indexHtml);
  });

  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error(error);
      return sendAppwriteError(reply, APP_SERVER_ERRORS.serverError);
    }
    return sendAppwriteError(reply, { ...APP_SERVER_ERRORS.badRequest, code: status });
  });

  return app;
}

async function sendShell(reply: FastifyReply, status: number, indexHtml: () => Promise<string>) {
  return reply.code(status).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(await indexHtml());
}
