import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { StripeError } from '../errors.ts';
import { attemptPayment, paymentMethodFor, updateSubscription } from '../lifecycle/billing.ts';
import { attachCard, createCard, setCustomerDefault } from '../lifecycle/cards-on-file.ts';
import { AUTHENTICATION_FAILED, checkoutOfIntent, completeCheckout, isChallenge, finishPaymentCheckout, successRedirect } from '../lifecycle/checkout.ts';
import { withAccount } from '../account-scope.ts';
import { completeOnboarding, type Account, type AccountLinkRecord } from '../lifecycle/connect.ts';
import { finishAuthentication, type PaymentIntent } from '../lifecycle/payments.ts';
import { finishSetupAuthentication, type SetupIntent } from '../lifecycle/setup-intents.ts';
import { onboardingPage, threeDsPage } from './connect-pages.ts';
import type { CheckoutSession, Customer, Invoice, Subscription } from '../objects.ts';
import { setCancelAtPeriodEnd } from '../routes/subscriptions.ts';
import { parseCardForm } from './card-form.ts';
import { checkoutPage } from './checkout-page.ts';
import { invoicePage, invoicePdf } from './invoice-page.ts';
import { page } from './layout.ts';
import { portalPage, portalSubscription, type PortalSession } from './portal-page.ts';

/** Longest a hosted page waits for webhook first-attempts before redirecting (the receiver may be slow or down). */
const FLUSH_WAIT_MS = 5_000;

function formOf(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (body && typeof body === 'object') for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  return out;
}

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(body);
}

const notFound = (reply: FastifyReply): FastifyReply => html(reply, 404, page('Not found', '<h1>Not found</h1><p>This link is not valid.</p>'));

const hostedRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { store } = ctx;

  /** Webhooks caused by a click go out before the browser moves on, so the app sees them when it lands. */
  const settle = async (): Promise<void> => {
    await Promise.race([ctx.deliveries.flush(), new Promise((r) => setTimeout(r, FLUSH_WAIT_MS).unref())]);
  };

  // ---- Checkout ----
  app.get<{ Params: { id: string } }>('/c/pay/:id', async (request, reply) => {
    const session = store.get<CheckoutSession>('checkout.session', request.params.id);
    return session ? html(reply, 200, checkoutPage(ctx, session)) : notFound(reply);
  });

  app.post<{ Params: { id: string } }>('/c/pay/:id', async (request, reply) => {
    const session = store.get<CheckoutSession>('checkout.session', request.params.id);
    if (!session) return notFound(reply);
    if (session.status !== 'open') return html(reply, 409, checkoutPage(ctx, session));
    const form = formOf(request.body);
    const values = { email: form.email ?? '', cardnumber: form.cardnumber ?? '', exp: form.exp ?? '', cvc: form.cvc ?? '', name: form.name ?? '' };
    const parsed = parseCardForm(form, ctx.clock.now());
    if (!parsed.ok) return html(reply, 400, checkoutPage(ctx, session, parsed.message, values));
    const email = form.email?.trim() || null;
    if (!session.customer && !session.customer_email && !email) return html(reply, 400, checkoutPage(ctx, session, 'Your email is incomplete.', values));
    try {
      // Objects the payment creates belong to the session's account (a connected account's direct charge).
      const account = typeof session._account === 'string' ? session._account : null;
      const completed = withAccount(account, () => store.transaction(() => completeCheckout(ctx, session, { ...parsed.value, email })));
      await settle();
      return reply.redirect(isChallenge(completed) ? completed.challenge : successRedirect(completed), 303);
    } catch (error) {
      if (error instanceof StripeError && error.type === 'card_error') return html(reply, 402, checkoutPage(ctx, session, error.message, values));
      throw error;
    }
  });

  // ---- Connect onboarding (account links: single use, five minutes; else back to refresh_url) ----
  const linkFor = (accountId: string, token: string): { link: AccountLinkRecord; account: Account } | undefined => {
    const link = store.get<AccountLinkRecord>('account_link_record', `acctlink_${token}`);
    const account = store.get<Account>('account', accountId);
    return link && account && link.account === account.id ? { link, account } : undefined;
  };
  const usable = (link: AccountLinkRecord): boolean => !link.used && link.expires_at >= ctx.clock.now();

  app.get<{ Params: { account: string; token: string } }>('/setup/s/:account/:token', async (request, reply) => {
    const found = linkFor(request.params.account, request.params.token);
    if (!found) return notFound(reply);
    if (!usable(found.link)) return reply.redirect(found.link.refresh_url, 303);
    return html(reply, 200, onboardingPage(found.account, request.url));
  });

  app.post<{ Params: { account: string; token: string } }>('/setup/s/:account/:token', async (request, reply) => {
    const found = linkFor(request.params.account, request.params.token);
    if (!found) return notFound(reply);
    if (!usable(found.link)) return reply.redirect(found.link.refresh_url, 303);
    const form = formOf(request.body);
    if (form.action !== 'later') {
      const businessName = form.business_name?.trim() ?? '';
      if (!businessName) return html(reply, 400, onboardingPage(found.account, request.url, 'Enter your business name.'));
      store.transaction(() => completeOnboarding(ctx, found.account, { businessName, url: form.business_url?.trim() || null }));
    }
    store.put({ ...found.link, used: true });
    await settle();
    return reply.redirect(found.link.return_url, 303);
  });

  // ---- 3-D Secure challenge (a PaymentIntent in requires_action) ----
  // A SetupIntent's challenge (seti_…): the card is set up or not, and the browser goes back to its return_url.
  app.get<{ Params: { id: string } }>('/3ds/:id', async (request, reply) => {
    const si = store.get<SetupIntent>('setup_intent', request.params.id);
    if (si) return si.status === 'requires_action' ? html(reply, 200, threeDsPage(null, request.url)) : notFound(reply);
    const pi = store.get<PaymentIntent>('payment_intent', request.params.id);
    if (!pi || pi.status !== 'requires_action') return notFound(reply);
    return html(reply, 200, threeDsPage(pi, request.url));
  });

  app.post<{ Params: { id: string } }>('/3ds/:id', async (request, reply) => {
    const si = store.get<SetupIntent>('setup_intent', request.params.id);
    if (si) {
      if (si.status !== 'requires_action') return notFound(reply);
      const approved = formOf(request.body).action === 'complete';
      const account = typeof si._account === 'string' ? si._account : null;
      const done = withAccount(account, () => store.transaction(() => finishSetupAuthentication(ctx, si, approved)));
      await settle();
      const back = typeof si._return_url === 'string' ? si._return_url : null;
      if (!back) return html(reply, 200, page('Authentication complete', `<div class="card"><p role="status">${approved ? 'Authentication complete.' : 'Authentication failed.'} You can close this window.</p></div>`));
      const url = new URL(back);
      url.searchParams.set('setup_intent', done.id);
      url.searchParams.set('setup_intent_client_secret', done.client_secret);
      url.searchParams.set('redirect_status', done.status === 'succeeded' ? 'succeeded' : 'failed');
      return reply.redirect(url.toString(), 303);
    }
    const pi = store.get<PaymentIntent>('payment_intent', request.params.id);
    if (!pi || pi.status !== 'requires_action') return notFound(reply);
    const approved = formOf(request.body).action === 'complete';
    const account = typeof pi._account === 'string' ? pi._account : null;
    // A hosted Checkout payment: the session completes with it, or its page says the challenge failed.
    const checkout = withAccount(account, () => checkoutOfIntent(ctx, pi.id));
    const done = withAccount(account, () => store.transaction(() => {
      const finished = finishAuthentication(ctx, pi, approved);
      if (checkout && finished.status === 'succeeded') finishPaymentCheckout(ctx, checkout);
      return finished;
    }));
    await settle();
    if (checkout) {
      const session = withAccount(account, () => store.get<CheckoutSession>('checkout.session', checkout.id)) ?? checkout;
      return done.status === 'succeeded' ? reply.redirect(successRedirect(session), 303) : html(reply, 402, checkoutPage(ctx, session, AUTHENTICATION_FAILED));
    }
    const back = typeof pi._return_url === 'string' ? pi._return_url : null;
    if (!back) return html(reply, 200, page('Authentication complete', `<div class="card"><p role="status">${approved ? 'Authentication complete.' : 'Authentication failed.'} You can close this window.</p></div>`));
    const url = new URL(back);
    url.searchParams.set('payment_intent', done.id);
    url.searchParams.set('payment_intent_client_secret', done.client_secret);
    url.searchParams.set('redirect_status', done.status === 'succeeded' ? 'succeeded' : 'failed');
    return reply.redirect(url.toString(), 303);
  });

  // ---- Billing portal ----
  const portal = (id: string): PortalSession | undefined => store.get<PortalSession>('billing_portal.session', id);

  app.get<{ Params: { id: string }; Querystring: { notice?: string } }>('/p/session/:id', async (request, reply) => {
    const session = portal(request.params.id);
    const notice = typeof request.query.notice === 'string' ? request.query.notice : undefined;
    return session ? html(reply, 200, portalPage(ctx, session, { notice })) : notFound(reply);
  });

  app.post<{ Params: { id: string; action: string } }>('/p/session/:id/:action', async (request, reply) => {
    const session = portal(request.params.id);
    if (!session) return notFound(reply);
    const sub = portalSubscription(ctx, session.customer);
    const back = (notice: string): FastifyReply => reply.redirect(`/p/session/${session.id}?notice=${encodeURIComponent(notice)}`, 303);
    const running = sub && sub.status !== 'canceled' && sub.status !== 'incomplete_expired';
    switch (request.params.action) {
      case 'cancel':
        if (!running || !sub) return html(reply, 409, portalPage(ctx, session, { error: 'There is no active subscription to cancel.' }));
        store.transaction(() => setCancelAtPeriodEnd(ctx, sub, true));
        await settle();
        return back('Your subscription will be canceled at the end of the current period.');
      case 'resume':
        if (!running || !sub) return html(reply, 409, portalPage(ctx, session, { error: 'There is no subscription to resume.' }));
        store.transaction(() => setCancelAtPeriodEnd(ctx, sub, false));
        await settle();
        return back('Your subscription has been resumed.');
      case 'card': {
        const customer = store.get<Customer>('customer', session.customer);
        if (!customer) return notFound(reply);
        const parsed = parseCardForm(formOf(request.body), ctx.clock.now(customer.test_clock));
        if (!parsed.ok) return html(reply, 400, portalPage(ctx, session, { error: parsed.message }));
        try {
          store.transaction(() => {
            const pm = attachCard(ctx, createCard(ctx, parsed.value.card, parsed.value.exp, parsed.value.name, customer.test_clock), customer);
            setCustomerDefault(ctx, customer, pm.id);
            for (const s of store.all<Subscription>('subscription').filter((x) => x.customer === customer.id && x.status !== 'canceled')) {
              updateSubscription(ctx, s, { default_payment_method: pm.id });
            }
          });
        } catch (error) {
          if (error instanceof StripeError && error.type === 'card_error') return html(reply, 402, portalPage(ctx, session, { error: error.message }));
          throw error;
        }
        await settle();
        return back('Your card has been updated.');
      }
      default:
        return notFound(reply);
    }
  });

  // ---- Hosted invoice page and PDF ----
  app.get<{ Params: { id: string } }>('/i/:id', async (request, reply) => {
    const invoice = store.get<Invoice>('invoice', request.params.id);
    return invoice && invoice.status !== 'draft' ? html(reply, 200, invoicePage(ctx, invoice)) : notFound(reply);
  });

  app.get<{ Params: { id: string } }>('/i/:id/pdf', async (request, reply) => {
    const invoice = store.get<Invoice>('invoice', request.params.id);
    if (!invoice || invoice.status === 'draft') return notFound(reply);
    const pdf = await invoicePdf(invoice);
    return reply.type('application/pdf').header('Content-Disposition', `inline; filename="Invoice-${invoice.number ?? invoice.id}.pdf"`).send(pdf);
  });

  app.post<{ Params: { id: string } }>('/i/:id/pay', async (request, reply) => {
    const invoice = store.get<Invoice>('invoice', request.params.id);
    if (!invoice || invoice.status === 'draft') return notFound(reply);
    if (invoice.status !== 'open') return html(reply, 409, invoicePage(ctx, invoice, { error: 'This invoice is not open.' }));
    const form = formOf(request.body);
    const customer = store.get<Customer>('customer', invoice.customer);
    if (!customer) return notFound(reply);
    let error: string | undefined;
    try {
      store.transaction(() => {
        let pmId = paymentMethodFor(ctx, invoice);
        if (form.use !== 'saved') {
          const parsed = parseCardForm(form, ctx.clock.now(invoice.test_clock));
          if (!parsed.ok) throw new StripeError(402, 'card_error', parsed.message);
          pmId = attachCard(ctx, createCard(ctx, parsed.value.card, parsed.value.exp, parsed.value.name, invoice.test_clock), customer).id;
        }
        const result = attemptPayment(ctx, invoice, pmId, false);
        if (!result.ok) {
          error = result.declineCode === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.';
          return;
        }
        // A card that just paid becomes the one future renewals use.
        if (form.use !== 'saved' && pmId) {
          setCustomerDefault(ctx, customer, pmId);
          const sub = store.get<Subscription>('subscription', invoice.parent?.subscription_details.subscription ?? '');
          if (sub && sub.status !== 'canceled') updateSubscription(ctx, sub, { default_payment_method: pmId });
        }
      });
    } catch (caught) {
      if (caught instanceof StripeError && caught.type === 'card_error') error = caught.message;
      else throw caught;
    }
    await settle();
    const latest = store.get<Invoice>('invoice', invoice.id) ?? invoice;
    if (error) return html(reply, 402, invoicePage(ctx, latest, { error }));
    return html(reply, 200, invoicePage(ctx, latest, { notice: 'Payment successful. Thank you!' }));
  });
};

export default hostedRoutes;
