import type { CheckoutSession, InvoicePayment, Price, Product, Subscription } from './objects.ts';
import type { StoredObject, Store } from './store.ts';

/** The API view of a stored object: internal `_` fields dropped, computed lists (invoice.payments) filled in. */
export function render(store: Store, object: StoredObject): StoredObject {
  const out: StoredObject = { id: object.id, object: object.object };
  for (const [key, value] of Object.entries(object)) if (!key.startsWith('_')) out[key] = value;
  if (object.object === 'invoice') {
    const payments = store.all<InvoicePayment>('invoice_payment').filter((p) => p.invoice === object.id);
    out.payments = { object: 'list', data: payments, has_more: false, url: `/v1/invoice_payments?invoice=${object.id}` };
  }
  return out;
}

/** Fields Stripe returns only when expanded (`expand[]=subscriptions` on a customer, `line_items` on a session). */
export function includable(store: Store, object: Record<string, unknown>, field: string): unknown {
  if (object.object === 'customer' && field === 'subscriptions') {
    const data = store.all<Subscription>('subscription').filter((s) => s.customer === object.id && s.status !== 'canceled');
    return { object: 'list', data, has_more: false, url: `/v1/customers/${String(object.id)}/subscriptions` };
  }
  if (object.object === 'checkout.session' && field === 'line_items') {
    const session = store.get<CheckoutSession>('checkout.session', String(object.id));
    const data = (session?._line_items ?? []).map((item, i) => {
      const price = store.get<Price>('price', item.price);
      const amount = (price?.unit_amount ?? 0) * item.quantity;
      const product = price ? store.get<Product>('product', price.product) : undefined;
      return {
        id: `li_${String(object.id).slice(8, 30)}${i}`, object: 'item', amount_discount: 0, amount_subtotal: amount, amount_tax: 0,
        amount_total: amount, currency: price?.currency ?? 'usd', description: product?.name ?? null, price, quantity: item.quantity,
      };
    });
    return { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${String(object.id)}/line_items` };
  }
  return undefined;
}
