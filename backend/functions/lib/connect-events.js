// The events the platform's Connect webhook endpoint listens to (issue 33): what stripe-connect-webhook
// needs — a connected account's PaymentIntent that succeeded (a portal Checkout's, an office charge's,
// AutoPay's: Stripe sends it for every successful payment, Checkout's too), its refunds and its
// disputes. The endpoint is subscribed to these alone (docs/production.md; the local stack's Stripe
// too), so each card payment costs the function one execution, not four. The function also takes
// checkout.session.completed (it names the same PaymentIntent) if an endpoint sends it.

export const DISPUTE_EVENTS = ['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed', 'charge.dispute.funds_withdrawn', 'charge.dispute.funds_reinstated'];

export const CONNECT_WEBHOOK_EVENTS = ['payment_intent.succeeded', 'charge.refunded', ...DISPUTE_EVENTS];
