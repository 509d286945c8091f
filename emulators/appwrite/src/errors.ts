import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import catalog from './error-catalog.json' with { type: 'json' };

export const APPWRITE_VERSION = '1.9.6';

type Catalog = Record<string, [number, string]>;
const errorCatalog = catalog as unknown as Catalog;

export class AppwriteError extends Error {
  readonly type: string;
  readonly code: number;

  constructor(type: string, message?: string, code?: number) {
    const known = errorCatalog[type] ?? errorCatalog.general_unknown ?? [500, 'Server Error'];
    super(message ?? known[1]);
    this.name = 'AppwriteError';
    this.type = type;
    this.code = code ?? known[0];
  }
}

export interface AppwriteErrorBody {
  message: string;
  code: number;
  type: string;
  version: string;
}

// general.php: only these statuses pass through; everything else is a 500 "Server Error".
const PASS_THROUGH = new Set([400, 401, 402, 403, 404, 405, 408, 409, 410, 412, 416, 422, 429, 451, 501, 503]);

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === 'string';
}

function describeParam(request: FastifyRequest, part: string, param: string): string | undefined {
  const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
  const section = schema?.[part] as { properties?: Record<string, { description?: string }> } | undefined;
  return section?.properties?.[param]?.description;
}

/** Appwrite's parameter messages: `Param "x" is not optional.` / ``Invalid `x` param: <validator>``. */
function validationMessage(request: FastifyRequest, error: FastifyError): string {
  const issue = error.validation?.[0] as ValidationIssue | undefined;
  const part = error.validationContext ?? 'body';
  if (!issue) return errorCatalog.general_argument_invalid?.[1] ?? 'Invalid argument';
  if (issue.keyword === 'required') {
    return `Param "${String(issue.params.missingProperty)}" is not optional.`;
  }
  const param = issue.instancePath.split('/')[1];
  if (!param) return errorCatalog.general_argument_invalid?.[1] ?? 'Invalid argument';
  const decoded = param.replace(/~1/g, '/').replace(/~0/g, '~');
  const description = describeParam(request, part, decoded) ?? 'Value is invalid';
  return `Invalid \`${decoded}\` param: ${description}`;
}

export function toAppwriteError(error: unknown, request: FastifyRequest): AppwriteError {
  if (error instanceof AppwriteError) return error;
  if (isFastifyError(error)) {
    if (error.validation) {
      return new AppwriteError('general_argument_invalid', validationMessage(request, error));
    }
    const status = error.statusCode ?? 500;
    if (status === 404) return new AppwriteError('general_route_not_found');
    if (status === 413) {
      return new AppwriteError('general_argument_invalid', 'Request body is too large.', 400);
    }
    if (status >= 400 && status < 500) {
      return new AppwriteError('general_bad_request', safeMessage(error), PASS_THROUGH.has(status) ? status : 400);
    }
  }
  if (error instanceof SyntaxError) {
    return new AppwriteError('general_bad_request', 'Invalid JSON body.', 400);
  }
  return new AppwriteError('general_unknown', 'Server Error', 500);
}

function safeMessage(error: FastifyError): string {
  // Fastify messages name the failing rule (no paths, no stack); keep them short.
  return error.message.slice(0, 300) || (errorCatalog.general_bad_request?.[1] ?? 'Bad request');
}

export function errorBody(error: AppwriteError): AppwriteErrorBody {
  const code = PASS_THROUGH.has(error.code) ? error.code : 500;
  const message = code === 500 && error.code !== 500 ? 'Server Error' : error.message;
  return { message, code, type: error.type, version: APPWRITE_VERSION };
}

export function sendError(reply: FastifyReply, error: AppwriteError): FastifyReply {
  const body = errorBody(error);
  return reply
    .code(body.code)
    .header('cache-control', 'no-cache, no-store, must-revalidate')
    .header('expires', '0')
    .header('pragma', 'no-cache')
    .type('application/json')
    .send(body);
}

/** The single error path: every failure leaves as Appwrite's `{message, code, type, version}`. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    const appwriteError = toAppwriteError(error, request);
    if (appwriteError.code >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, appwriteError);
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, new AppwriteError('general_route_not_found')));
}
