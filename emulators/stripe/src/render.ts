import type { InvoicePayment } from './objects.ts';
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
