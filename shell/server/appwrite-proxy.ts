import { Readable } from 'node:stream';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import proxy from '@fastify/http-proxy';
import { APP_SERVER_ERRORS, sendAppwriteError } from './appwrite-error.ts';
import type { ServerConfig } from './config.ts';

/** Appwrite's request size limit (12 MB, its HTTP server's payload size; the emulator's too). */
const BODY_LIMIT = 12 * 1024 * 1024;

/**
 * Headers only a server may send: the API key and the dev key (project secrets: every scope, no
 * rate limits), the console's admin mode, user impersonation (Cadence has no such feature) and the
 * user agent a server forwards for its user. The browser app never sends them; through the public
 * app server they would make any visitor the server.
 */
const SERVER_ONLY = /^(x-appwrite-(key|dev-key|mode|impersonate-user-.+)|x-forwarded-user-agent)$/;

/** What a client claims about proxies before this one; the app server states its own below. */
const PROXY_CLAIMS = new Set(['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip']);

/**
 * Hop-by-hop headers: `Expect: 100-continue` is answered here (undici refuses to forward it), and
 * the body is buffered, so its framing is this hop's (a Content-Length set below).
 */
const HOP_BY_HOP = new Set(['expect', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'keep-alive', 'proxy-connection', 'proxy-authorization']);

const clientError = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode });

/**
 * The whole body, up to BODY_LIMIT. A larger one, of any size and with or without a Content-Length,
 * is still read (and dropped as it comes, so memory stays flat) to its end before the answer: the
 * client gets Appwrite's error instead of a reset connection halfway through its upload. How long an
 * upload may take is bounded by Node's requestTimeout (5 minutes).
 */
function readBody(payload: Readable, declared: string | undefined): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
    });
    payload.on('error', reject);
    payload.on('end', () => {
      if (size > BODY_LIMIT) reject(clientError(413, 'Request body is too large'));
      else if (declared !== undefined && Number(declared) !== size) reject(clientError(400, 'Request body length differs from Content-Length'));
      else resolve(Buffer.concat(chunks, size));
    });
  });
}

/** The buffered body's length per raw request (its Content-Length upstream). */
/**
 * issue 17 (automatic sign-out): a session cookie with a value lasts as long as the browser session.
 * Appwrite dates it `auths.duration` after sign-in and account.updateSession does not renew it, so
 * with the short, sliding session Cadence runs (extended on activity) the browser would drop the
 * cookie of a therapist still at work. The session's `expire` on the server decides instead. A
 * clearing cookie (empty value, dated in the past) keeps its date, so sign-out still removes it.
 */
export function browserSessionCookie(cookie: string): string {
  const value = /^a_session_[^=;]*=([^;]*)/i.exec(cookie)?.[1];
  if (value === undefined || value === '') return cookie;
  return cookie.replace(/;\s*expires=[^;]*/gi, '').replace(/;\s*max-age=[^;]*/gi, '');
}

const bodyLengths = new WeakMap<object, number>();

/**
 * What a browser's WebSocket upgrade may carry on to Appwrite Realtime (`/v1/realtime`): its session
 * cookie, its Origin (Appwrite checks it against the project's platforms) and its user agent. A
 * browser cannot set other headers on a WebSocket, so nothing else is passed.
 */
const WS_HEADERS = ['cookie', 'origin', 'user-agent'];

/**
 * The upstream socket's options. `rewriteRequestHeaders` is documented by @fastify/http-proxy (its
 * default passes only the cookie) but missing from its types, hence an object of its own here.
 */
function realtimeClientOptions(config: ServerConfig) {
  const options = {
    // Frames pass through unchanged; compressing them twice on loopback would only cost memory.
    perMessageDeflate: false,
    rewriteRequestHeaders: (_headers: unknown, request: FastifyRequest): Record<string, string> => {
      // The client address for Appwrite's connection limit, as for every other /v1 request.
      const outgoing: Record<string, string> = { 'x-forwarded-for': request.ip, 'x-forwarded-proto': config.https ? 'https' : request.protocol };
      for (const name of WS_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') outgoing[name] = value;
      }
      return outgoing;
    },
  };
  return options;
}

/** `/v1/*` → Appwrite, as a browser may use it: no server credentials in, no CORS grants out. */
export async function appwriteProxy(app: FastifyInstance, config: ServerConfig): Promise<void> {
  // Every body is taken as it came (no decompression, no parsing) up to Appwrite's limit; Appwrite
  // answers for its content, so a gzip-encoded body gets Appwrite's own 400.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    readBody(payload, request.headers['content-length']).then((body) => {
      bodyLengths.set(request.raw, body.length);
      done(null, Readable.from([body]));
    }, (error: Error) => done(error));
  });

  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    // As the emulator answers (Appwrite passes no 413 through: its errors end as 400s).
    if (status === 413) return sendAppwriteError(reply, APP_SERVER_ERRORS.bodyTooLarge);
    if (status >= 400 && status < 500) return sendAppwriteError(reply, APP_SERVER_ERRORS.badRequest);
    request.log.error(error);
    // Appwrite unreachable or too slow: the gateway's status (502/503/504), never a stack trace.
    const gateway = status === 502 || status === 503 || status === 504 ? status : 500;
    return sendAppwriteError(reply, { ...APP_SERVER_ERRORS.serverError, code: gateway });
  });

  await app.register(proxy, {
    upstream: config.appwriteUpstream,
    prefix: '/v1',
    rewritePrefix: '/v1',
    proxyPayloads: false,
    // Appwrite Realtime on the same origin as /v1 (issue 34): the SDK derives ws(s)://<origin>/v1/realtime.
    websocket: true,
    wsClientOptions: realtimeClientOptions(config),
    replyOptions: {
      rewriteRequestHeaders: (request, incoming) => {
        const outgoing: IncomingHttpHeaders = {};
        for (const [name, value] of Object.entries(incoming)) {
          if (!SERVER_ONLY.test(name) && !PROXY_CLAIMS.has(name) && !HOP_BY_HOP.has(name)) outgoing[name] = value;
        }
        const length = bodyLengths.get(request.raw);
        if (length !== undefined) outgoing['content-length'] = String(length);
        // The client's address as this server sees it (through TRUST_PROXY's proxies only), for
        // Appwrite's rate limits, sessions and the executions' x-appwrite-client-ip.
        outgoing['x-forwarded-for'] = request.ip;
        outgoing['x-forwarded-proto'] = config.https ? 'https' : request.protocol;
        return outgoing;
      },
      rewriteHeaders: (incoming, request) => {
        const outgoing: Record<string, string | string[] | undefined> = {};
        for (const [name, value] of Object.entries(incoming)) {
          // The app calls /v1 same-origin; the app server grants no other origin anything.
          if (!name.startsWith('access-control-')) outgoing[name] = value;
        }
        // Appwrite sends files with `private, max-age=3888000` (45 days): a practice's export (every
        // client record) would stay in the browser's cache on a shared computer. Files are never kept.
        if (request?.url.startsWith('/v1/storage/')) outgoing['cache-control'] = 'private, no-store';
        const cookies = incoming['set-cookie'];
        if (!cookies) return outgoing;
        const secure = config.https || request?.protocol === 'https';
        const list = Array.isArray(cookies) ? cookies : [cookies];
        // The session cookie must belong to this origin (same-origin, HttpOnly), whatever domain
        // the upstream named, and be Secure when the app is served over HTTPS (Appwrite behind
        // this server only sees plain http, and SameSite=None needs Secure).
        outgoing['set-cookie'] = list.map((cookie) => {
          const local = browserSessionCookie(cookie.replace(/;\s*domain=[^;]*/i, ''));
          return secure && !/;\s*secure\s*(;|$)/i.test(local) ? `${local}; Secure` : local;
        });
        return outgoing;
      },
    },
  });
}
