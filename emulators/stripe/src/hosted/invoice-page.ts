import PDFDocument from 'pdfkit';
import type { Ctx } from '../context.ts';
import { paymentMethodFor } from '../lifecycle/billing.ts';
import type { Invoice, PaymentMethod } from '../objects.ts';
import { alertBox, cardFields, date, esc, money, page } from './layout.ts';

export function invoicePage(ctx: Ctx, invoice: Invoice, messages: { error?: string; notice?: string } = {}): string {
  const pmId = paymentMethodFor(ctx, invoice);
  const pm = pmId ? ctx.store.get<PaymentMethod>('payment_method', pmId) : undefined;
  const base = `/i/${esc(invoice.id)}`;
  const lines = invoice.lines.data.map((l) => {
    const period = l.period as { start: number; end: number };
    return `<tr><td>${esc(l.description)}<br><span class="muted">${esc(date(period.start))} – ${esc(date(period.end))}</span></td><td>${money(Number(l.amount))}</td></tr>`;
  }).join('');
  const pay = invoice.status === 'open' ? `
<section class="card" aria-labelledby="pay-h"><h2 id="pay-h">Pay ${money(invoice.amount_remaining)}</h2>
${pm ? `<form method="post" action="${base}/pay"><input type="hidden" name="use" value="saved"><button type="submit">Pay with ${esc(pm.card.brand)} •••• ${esc(pm.card.last4)}</button></form>` : ''}
<form method="post" action="${base}/pay" aria-label="Pay with a new card" novalidate><input type="hidden" name="use" value="new">${cardFields({}, 'inv-')}<button type="submit">Pay ${money(invoice.amount_remaining)}</button></form></section>` : '';
  return page(`Invoice ${invoice.number ?? invoice.id}`, `
<h1>Invoice ${esc(invoice.number ?? '')}</h1>
${alertBox(messages.error)}${alertBox(messages.notice, 'notice')}
<section class="card" aria-labelledby="sum-h"><h2 id="sum-h">Cadence</h2>
<dl><dt>Status</dt><dd><span class="badge">${esc(invoice.status === 'open' ? 'Due' : invoice.status === 'paid' ? 'Paid' : invoice.status)}</span></dd>
<dt>Amount</dt><dd>${money(invoice.total, invoice.currency)}</dd>
<dt>${invoice.status === 'paid' ? 'Paid on' : 'Issued'}</dt><dd>${esc(date(invoice.status === 'paid' ? invoice.status_transitions.paid_at : invoice.status_transitions.finalized_at ?? invoice.created))}</dd>
<dt>Billed to</dt><dd>${esc(invoice.customer_email ?? '')}</dd></dl>
<table aria-label="Invoice lines"><thead><tr><th scope="col">Description</th><th scope="col">Amount</th></tr></thead><tbody>${lines}</tbody></table>
<p><a href="${base}/pdf">Download invoice (PDF)</a></p></section>
${pay}`);
}

/** A real, small PDF (pdfkit) with the invoice's number, dates, lines and totals. */
export function invoicePdf(invoice: Invoice): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: `Invoice ${invoice.number ?? invoice.id}`, Author: 'Cadence' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(22).text('Invoice', { continued: false });
    doc.moveDown(0.5).fontSize(11);
    doc.text(`Invoice number: ${invoice.number ?? '(draft)'}`);
    doc.text(`Date of issue: ${date(invoice.status_transitions.finalized_at ?? invoice.created)}`);
    doc.text(`Status: ${invoice.status}`);
    doc.text(`Billed to: ${invoice.customer_email ?? invoice.customer}`);
    doc.moveDown();
    for (const line of invoice.lines.data) {
      const period = line.period as { start: number; end: number };
      doc.text(`${String(line.description)} (${date(period.start)} – ${date(period.end)})`, { continued: true }).text(`  ${money(Number(line.amount))}`, { align: 'right' });
    }
    doc.moveDown();
    doc.text(`Total: ${money(invoice.total, invoice.currency)}`);
    doc.text(`Amount paid: ${money(invoice.amount_paid, invoice.currency)}`);
    doc.text(`Amount remaining: ${money(invoice.amount_remaining, invoice.currency)}`);
    doc.end();
  });
}
