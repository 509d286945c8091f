// Receipts of card payments (issue 33 "a receipt is in the portal and emailed without PHI"): each
// recorded card payment is listed in the client's portal Documents (kind `receipt`, made again as a
// PDF on download like the other money documents) and mailed as "Your receipt from {Practice}" with
// a sign-in link — the practice's name only, no amount, service or name in the mail.
import { escapeHtml } from './portal.js';
import { clientName, CLIENT_NOT_FOUND, practiceHeader } from './money-documents.js';
import { heading, render, usDate } from './money-pdf.js';
import { money } from './money-format.js';
import { ownOr404, practiceOf, storedEntry, Refusal } from './money-store.js';
import { publishPortalDocument } from './portal-documents.js';

/**
 * @typedef {import('node-appwrite').Databases} Databases
 * @typedef {import('./collections.js').Collections} Collections
 */

/** What the portal's list calls a receipt (no amount there). @param {string} date */
export const receiptTitle = (date) => `Receipt, ${usDate(date)}`;

/** @param {{ practiceName: string, link: string }} details */
export function receiptEmail({ practiceName, link }) {
  const line = `Thank you for your payment to ${practiceName}. Your receipt is in your client portal.`;
  const after = 'Sign in to the client portal to see it. Please don’t reply to this email.';
  return {
    subject: `Your receipt from ${practiceName}`,
    text: [line, '', `Sign in to see your receipt: ${link}`, '', after].join('\n'),
    html: `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(link)}">Sign in to see your receipt</a></p><p>${escapeHtml(after)}</p>`,
  };
}

/**
 * Lists the payment's receipt in the client's portal and mails it (once: the portal entry's id is the
 * payment's). A client nobody invited to the portal gets neither.
 * @param {{ databases: Databases, users: import('node-appwrite').Users, c: Collections, log: (m: string) => void }} run
 * @param {{ practice: import('node-appwrite').Models.DefaultDocument, practiceId: string, clientId: string, entryId: string, amount: number, currency: string }} payment
 */
export async function publishReceipt(run, { practiceId, clientId, entryId }) {
  const entry = await storedEntry(run.databases, run.c, entryId, practiceId);
  if (!entry) return null;
  return publishPortalDocument(run, { userId: practiceId, clientId, kind: 'receipt', title: receiptTitle(String(entry['date'])), refId: entryId }, { email: receiptEmail });
}

/**
 * A card payment's receipt as a PDF: the practice, the client, the date, the amount, the card.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId the practice
 * @param {string} clientId
 * @param {string} entryId the payment's ledger entry
 */
export async function receiptPdf(databases, c, userId, clientId, entryId) {
  const client = await ownOr404(databases, c.databaseId, c.clients, clientId, userId, CLIENT_NOT_FOUND);
  const [practice, entry] = await Promise.all([practiceOf(databases, c, userId), storedEntry(databases, c, entryId, userId)]);
  if (!entry || entry['clientId'] !== clientId || entry['kind'] !== 'payment') throw new Refusal(404, 'This receipt could not be found.', 'documentId');
  const date = String(entry['date']);
  const amount = money(-Number(entry['amount']), String(entry['currency'] ?? 'USD'));
  const bytes = await render('Receipt', (doc) => {
    practiceHeader(doc, practice);
    heading(doc, 'Receipt');
    doc.text(`Received from: ${clientName(client)}`);
    doc.text(`Date: ${usDate(date)}`);
    doc.text(`Paid by: ${String(entry['reference'] ?? 'Card')}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text(`Amount paid: ${amount}`);
    doc.font('Helvetica').moveDown();
    doc.text('Thank you for your payment.');
  });
  return { filename: `receipt-${date}.pdf`, bytes };
}
