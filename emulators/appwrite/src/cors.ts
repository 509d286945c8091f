// CORS and the origin check, as Appwrite's general.php init hook and Network/Cors: only platform
// origins get `Access-Control-Allow-Origin` with credentials, and a browser request from any other
// origin is refused before it reaches a route (its cookies would otherwise act for the user).
import type { FastifyInstance } from 'fastify';
import { AppwriteError } from './errors.ts';
import { isPlatformOrigin, type Platforms } from './platforms.ts';

// Appwrite's `app/config/cors.php`.
const ALLOWED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ALLOWED_HEADERS = [
  'Accept', 'Origin', 'Cookie', 'Set-Cookie', 'Content-Type', 'Content-Range', 'X-Appwrite-Project', 'X-Appwrite-Key',
  'X-Appwrite-Dev-Key', 'X-Appwrite-Locale', 'X-Appwrite-Mode', 'X-Appwrite-JWT', 'X-Appwrite-Response-Format',
  'X-Appwrite-ID', 'X-Appwrite-Session', 'X-Appwrite-Impersonate-User-Id', 'X-Appwrite-Impersonate-User-Email',
  'X-Appwrite-Impersonate-User-Phone', 'X-SDK-Version', 'X-SDK-Name', 'X-SDK-Language', 'X-SDK-Platform',
  'X-SDK-GraphQL', 'X-SDK-Profile', 'Range', 'Cache-Control', 'Expires', 'Pragma', 'X-Fallback-Cookies',
  'X-Requested-With', 'X-Forwarded-For', 'X-Forwarded-User-Agent',
];
const EXPOSED_HEADERS = ['X-Appwrite-Session', 'X-Fallback-Cookies'];
const MAX_AGE_SECONDS = 86_400;

/**
 * A platform's origin, or the server's own (`protocol://host` as the request names it), which
 * Appwrite always trusts. Also the Realtime upgrade's check.
 */
export function originTrusted(platforms: Platforms, origin: string, protocol: string, host: string | undefined): boolean {
  return isPlatformOrigin(platforms, origin) || (host !== undefined && origin.toLowerCase() === `${protocol}://${host}`.toLowerCase());
}

/** Appwrite's `Origin` validator description. */
export function unknownOrigin(origin: string): AppwriteError {
  let host = '';
  let scheme = '';
  try {
    const parsed = new URL(origin);
    host = parsed.hostname;
    scheme = parsed.protocol.replace(/:$/, '');
  } catch {
    // an unparsable origin names no client
  }
  if (!host && !scheme) return new AppwriteError('general_unknown_origin', 'Invalid Origin.');
  if (scheme !== 'http' && scheme !== 'https') {
    return new AppwriteError(
      'general_unknown_origin',
      `Invalid Scheme. The scheme used (${scheme}) in the Origin (${origin}) is not supported. If you are using a custom scheme, please change it to \`appwrite-callback-<PROJECT_ID>\``,
    );
  }
  return new AppwriteError(
    'general_unknown_origin',
    `Invalid Origin. Register your new client (${host}) as a new Web platform on your project console dashboard`,
  );
}

export function installCors(app: FastifyInstance, platforms: Platforms): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    const trusted = origin !== undefined && originTrusted(platforms, origin, request.protocol, request.headers.host);
    reply.header('Vary', 'Origin');
    reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS.join(', '));
    reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '));
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
    reply.header('Access-Control-Max-Age', String(MAX_AGE_SECONDS));
    if (trusted) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Allow-Credentials', 'true');
    }

    // A preflight only describes the rules; an untrusted origin's gets no Allow-Origin, so the
    // browser never sends the request (Appwrite would still echo it and refuse the request).
    if (request.method === 'OPTIONS') return reply.code(204).send();

    // Appwrite's application-level CSRF check: no Origin (server SDKs, curl) and API-key calls
    // pass; so do function domains, which Appwrite serves on their own hosts without this check.
    if (origin === undefined || trusted || !request.url.startsWith('/v1/')) return;
    if (typeof request.headers['x-appwrite-key'] === 'string' && request.headers['x-appwrite-key'] !== '') return;
    throw unknownOrigin(origin);
  });
}
