// The events the platform's Connect webhook endpoint listens to (issue 33): what stripe-connect-webhook
// acts on — a connected account's successful payment (a Checkout Session paid, a PaymentIntent that
// succeeded), its refunds and its disputes. The endpoint is subscribed to these alone (docs/production.md;
// the local stack's Stripe too), so each card payment costs the function one or two executions, not four.

export const DISPUTE_EVENTS = ['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed', 'charge.dispute.funds_withdrawn', 'charge.dispute.funds_reinstated'];

export const CONNECT_WEBHOOK_EVENTS = [
  'checkout.session.completed', 'checkout.session.async_payment_succeeded', 'payment_intent.succeeded', 'charge.refunded', ...DISPUTE_EVENTS,
];
