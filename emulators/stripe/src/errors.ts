import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paramProblem } from './routes/params.ts';

export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';

export interface StripeErrorBody {
  error: { type: StripeErrorType; message: string; code?: string; decline_code?: string; param?: string; doc_url?: string; [k: string]: unknown };
}

/** Thrown anywhere in a handler; the error handler turns it into Stripe's body. The SDK picks its class by status. */
export class StripeError extends Error {
  /** More fields of the error body: a failed confirmation carries `payment_intent`, `charge`, `payment_method`. */
  extra: Record<string, unknown> = {};

  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }

  body(): StripeErrorBody {
    const error: StripeErrorBody['error'] = { type: this.type, message: this.message };
    if (this.code) {
      error.code = this.code;
      error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}`;
    }
    if (this.declineCode) error.decline_code = this.declineCode;
    if (this.param) error.param = this.param;
    return { error: { ...error, ...this.extra } };
  }
}

export const missing = (what: string, id: string, param = 'id'): StripeError =>
  new StripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing', param);

export const invalid = (message: string, param?: string, code = 'parameter_invalid_empty'): StripeError =>
  new StripeError(400, 'invalid_request_error', message, param ? code : undefined, param);

export const requiredParam = (param: string): StripeError =>
  new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);

export const cardDeclined = (declineCode: 'generic_decline' | 'insufficient_funds'): StripeError =>
  new StripeError(
    402,
    'card_error',
    declineCode === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
    'card_declined',
    undefined,
    declineCode,
  );

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof StripeError) {
      void reply.status(error.status).send(error.body());
      return;
    }
    const issue = (error as FastifyError).validation?.[0];
    if (issue) {
      const { message, param, code } = paramProblem(issue);
      void reply.status(400).send(new StripeError(400, 'invalid_request_error', message, code, param).body());
      return;
    }
    const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
    if (status < 500) {
      // Fastify's own 4xx (bad body, too large) keep Stripe's shape.
      void reply.status(status).send(new StripeError(status, 'invalid_request_error', error instanceof Error ? error.message : 'Invalid request').body());
      return;
    }
    request.log.error(error);
    void reply.status(500).send(new StripeError(500, 'api_error', 'An unknown error occurred').body());
  });
  app.setNotFoundHandler(unrecognizedUrl);
}

/** Stripe's answer to a URL it has no route for. */
export function unrecognizedUrl(request: FastifyRequest, reply: FastifyReply): void {
  void reply
    .status(404)
    .send(new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}).`).body());
}
