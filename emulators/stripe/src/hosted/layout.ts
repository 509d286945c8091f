// Shared HTML for the hosted pages: self-contained (no external assets), labelled fields, visible focus.

export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function money(cents: number, currency = 'usd'): string {
  return `$${(cents / 100).toFixed(2)}${currency.toLowerCase() === 'usd' ? '' : ` ${currency.toUpperCase()}`}`;
}

export function date(unix: number | null | undefined): string {
  if (!unix) return '—';
  return new Date(unix * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

const CSS = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f9fc}
main{max-width:560px;margin:2rem auto;padding:0 1rem}.card{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.5rem;margin-bottom:1rem}
h1{font-size:1.5rem;margin:.25rem 0 1rem}h2{font-size:1.125rem;margin:0 0 .75rem}.muted{color:#545969}.price{font-size:2rem;font-weight:600}
label{display:block;font-weight:500;margin:.75rem 0 .25rem}input{width:100%;padding:.6rem .75rem;border:1px solid #8792a2;border-radius:6px;font:inherit}
.row{display:flex;gap:.75rem}.row>div{flex:1}button{margin-top:1rem;width:100%;padding:.75rem;border:0;border-radius:6px;background:#0a2540;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:#0a2540;border:1px solid #0a2540}a{color:#0a5cd6}
:focus-visible{outline:3px solid #0a5cd6;outline-offset:2px}.error{color:#b3093c;background:#fdecef;border-radius:6px;padding:.75rem;margin:0 0 1rem}
.notice{color:#0b6b3a;background:#e6f6ee;border-radius:6px;padding:.75rem;margin:0 0 1rem}table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:.5rem .25rem;border-bottom:1px solid #e3e8ee}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}dt{color:#545969}dd{margin:0}.badge{display:inline-block;padding:0 .5rem;border-radius:4px;background:#e3e8ee;font-size:.875rem}
`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${CSS}</style></head><body><main>${body}</main></body></html>`;
}

/** The id card fields point at (aria-describedby) while an error is shown. */
export const ERROR_ID = 'form-error';

export function alertBox(message: string | undefined, kind: 'error' | 'notice' = 'error'): string {
  if (!message) return '';
  return `<p class="${kind}" ${kind === 'error' ? `id="${ERROR_ID}" role="alert"` : 'role="status"'}>${esc(message)}</p>`;
}

/** Card fields shared by Checkout, the portal's "Update card" and the invoice page. */
export function cardFields(values: Record<string, string> = {}, prefix = '', hasError = false): string {
  // Screen readers announce the decline/validation message with each field while it applies.
  const described = hasError ? ` aria-invalid="true" aria-describedby="${ERROR_ID}"` : '';
  return `
<label for="${prefix}cardnumber">Card number</label>
<input id="${prefix}cardnumber" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required${described} value="${esc(values.cardnumber)}">
<div class="row"><div><label for="${prefix}exp">Expiration (MM / YY)</label>
<input id="${prefix}exp" name="exp" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required${described} value="${esc(values.exp)}"></div>
<div><label for="${prefix}cvc">CVC</label>
<input id="${prefix}cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required${described} value="${esc(values.cvc)}"></div></div>
<label for="${prefix}name">Name on card</label>
<input id="${prefix}name" name="name" autocomplete="cc-name" required value="${esc(values.name)}">`;
}
