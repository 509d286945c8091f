import type { FastifyPluginAsync } from 'fastify';
import { unscoped } from '../account-scope.ts';
import type { PluginOptions } from '../context.ts';
import { invalid, missing, requiredParam } from '../errors.ts';
import { buildAccount, createAccountLink, type Account } from '../lifecycle/connect.ts';
import { requestAccount } from '../plugins/stripe-account.ts';
import { mergeMetadata, obj, paramsOf, str } from '../wire.ts';
import { body, hash, listParams, metadata, oneOf, query, string } from './params.ts';
import { many, one } from './respond.ts';

/** Connect: connected accounts (`accounts.*`) and account links to Stripe's hosted onboarding. */
const accountRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { store } = ctx;
  // Accounts belong to the platform; they are found whatever account a request acts as.
  const find = (id: string, param = 'account'): Account => {
    const account = unscoped(() => store.get<Account>('account', id));
    if (!account) throw missing('account', id, param);
    return account;
  };

  app.post('/accounts', {
    schema: body({
      type: oneOf('standard', 'express', 'custom'), country: string(), email: string(), metadata,
      business_profile: hash({ name: string(), url: string(), mcc: string() }),
    }),
  }, async (request) => {
    const p = paramsOf(request);
    if (requestAccount(request)) throw invalid('You cannot create a connected account while acting as a connected account.', undefined);
    const type = str(p, 'type') as Account['type'] | undefined;
    if (!type) throw invalid('You must provide either `type` or `controller` when creating an account.', 'type', 'parameter_missing');
    const account = unscoped(() => store.put(buildAccount({
      type, email: str(p, 'email') ?? null, country: str(p, 'country') ?? 'US', businessName: str(obj(p, 'business_profile'), 'name') ?? null,
      metadata: mergeMetadata({}, p),
    }, ctx.clock.now())));
    return one(ctx, p, account);
  });

  app.get<{ Params: { id: string } }>('/accounts/:id', { schema: query() }, async (request) => one(ctx, paramsOf(request), find(request.params.id, 'id')));

  // `GET /v1/account`: the account the request acts as (the header), as `stripe.accounts.retrieve()` asks.
  app.get('/account', { schema: query() }, async (request) => {
    const id = requestAccount(request);
    if (!id) throw invalid('This emulator answers `GET /v1/account` for connected accounts only (send `Stripe-Account`).', undefined);
    return one(ctx, paramsOf(request), find(id, 'id'));
  });

  app.post<{ Params: { id: string } }>('/accounts/:id', { schema: body({ metadata, email: string(), business_profile: hash({ name: string(), url: string() }) }) }, async (request) => {
    const p = paramsOf(request);
    const account = find(request.params.id, 'id');
    const profile = obj(p, 'business_profile');
    const next = unscoped(() => store.put({
      ...account, metadata: mergeMetadata(account.metadata, p), email: str(p, 'email') ?? account.email,
      business_profile: { ...account.business_profile, name: str(profile, 'name') ?? account.business_profile.name, url: str(profile, 'url') ?? account.business_profile.url },
    }));
    ctx.emit('account.updated', next, { previous: { metadata: account.metadata } });
    return one(ctx, p, next);
  });

  app.get('/accounts', { schema: query(listParams) }, async (request) => {
    const p = paramsOf(request);
    return many(ctx, p, unscoped(() => store.all<Account>('account')), '/v1/accounts');
  });

  app.delete<{ Params: { id: string } }>('/accounts/:id', { schema: query() }, async (request) => {
    const account = find(request.params.id, 'id');
    unscoped(() => store.remove(account.id));
    return { id: account.id, object: 'account', deleted: true };
  });

  app.post('/account_links', {
    schema: body({ account: string(), type: oneOf('account_onboarding', 'account_update'), refresh_url: string(), return_url: string(), collect: oneOf('currently_due', 'eventually_due') }),
  }, async (request) => {
    const p = paramsOf(request);
    const accountId = str(p, 'account');
    if (!accountId) throw requiredParam('account');
    const type = str(p, 'type');
    if (!type) throw requiredParam('type');
    const account = find(accountId);
    if (type === 'account_update' && account.type === 'standard') {
      throw invalid('You cannot create `account_update` type Account Links for accounts that have access to a Stripe-hosted Dashboard.', 'type', 'parameter_invalid_string');
    }
    const returnUrl = str(p, 'return_url');
    if (!returnUrl) throw requiredParam('return_url');
    const refreshUrl = str(p, 'refresh_url') ?? returnUrl;
    return unscoped(() => createAccountLink(ctx, account, refreshUrl, returnUrl));
  });
};

export default accountRoutes;
