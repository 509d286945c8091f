import type { FastifyReply } from 'fastify';

// The app server's own refusals in Appwrite's error body (`message`, `code`, `type`, `version`, as
// ../shared/reference/appwrite/errors.json and the emulator's errors.ts give them), so the SDKs
// and the app read every error on the wire one way, whoever answered.

/** The Appwrite version the app is built against (emulators/appwrite/src/errors.ts). */
export const APPWRITE_VERSION = '1.9.6';

export interface AppwriteErrorBody {
  message: string;
  code: number;
  type: string;
  version: string;
}

/** Appwrite's catalog entries the app server answers with (errors.json). */
export const APP_SERVER_ERRORS = {
  badRequest: { code: 400, type: 'general_bad_request', message: 'There was an error processing your request. Please check the inputs and try again.' },
  bodyTooLarge: { code: 400, type: 'general_argument_invalid', message: 'Request body is too large.' },
  // Not an Appwrite status (its own server answers these before PHP runs): the HTTP status that says
  // what happened, in Appwrite's body.
  headersTooLarge: { code: 431, type: 'general_bad_request', message: 'The request URL or headers are too large.' },
  routeNotFound: {
    code: 404,
    type: 'general_route_not_found',
    message: 'Route not found. Please ensure the endpoint is configured correctly and that the API route is valid for this SDK version. Refer to the API docs for more details.',
  },
  serverError: { code: 500, type: 'general_server_error', message: 'An internal server error occurred.' },
} as const;

export type AppServerError = (typeof APP_SERVER_ERRORS)[keyof typeof APP_SERVER_ERRORS];

export function appwriteErrorBody(error: Pick<AppwriteErrorBody, 'code' | 'type' | 'message'>): AppwriteErrorBody {
  return { message: error.message, code: error.code, type: error.type, version: APPWRITE_VERSION };
}

/** Appwrite's error body with its cache headers, for what the app server refuses itself. */
export function sendAppwriteError(reply: FastifyReply, error: Pick<AppwriteErrorBody, 'code' | 'type' | 'message'>): FastifyReply {
  return reply
    .code(error.code)
    .header('cache-control', 'no-cache, no-store, must-revalidate')
    .type('application/json')
    .send(appwriteErrorBody(error));
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 431: 'Request Header Fields Too Large' };

/**
 * The same body as a whole HTTP response, for a request Node's parser refused (headers or URL too
 * large, bad framing): there is no Fastify request or reply then, only the socket.
 */
export function rawAppwriteError(error: Pick<AppwriteErrorBody, 'code' | 'type' | 'message'>): string {
  const body = JSON.stringify(appwriteErrorBody(error));
  return [
    `HTTP/1.1 ${error.code} ${REASONS[error.code] ?? 'Bad Request'}`,
    'Content-Type: application/json',
    'Cache-Control: no-cache, no-store, must-revalidate',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}
