import type { FastifyRequest, RouteHandlerMethod } from 'fastify';
import { unscoped, withAccount } from '../account-scope.ts';
import type { PluginOptions } from '../context.ts';
import { StripeError } from '../errors.ts';
import type { StoredObject } from '../store.ts';
import { hooksPlugin } from './hooks-plugin.ts';

/** The connected account a request acts as (`Stripe-Account: acct_…`), or null for the platform. */
export function requestAccount(request: FastifyRequest): string | null {
  const header = request.headers['stripe-account'];
  return typeof header === 'string' && header.trim() !== '' ? header.trim() : null;
}

/**
 * Connect's `Stripe-Account` header: every handler registered after this plugin runs as that account, so the store
 * scopes what it reads and writes (account-scope.ts). An unknown account is refused as Stripe refuses it.
 */
export default hooksPlugin<PluginOptions>('stripe-account', async (app, { ctx }) => {
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function scoped(this: unknown, request, reply) {
      const account = requestAccount(request);
      if (account && !unscoped(() => ctx.store.get<StoredObject>('account', account))) {
        const auth = request.headers.authorization ?? '';
        const key = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
        throw new StripeError(
          403, 'invalid_request_error',
          `The provided key '${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
          'account_invalid',
        );
      }
      return withAccount(account, () => handler.call(this as never, request, reply));
    };
  });
});
