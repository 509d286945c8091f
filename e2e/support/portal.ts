// The client portal's set-up for browser tests (issue 31): an invitation sent through invite-client
// with the therapist's signed-in browser session, and the sign-in link the invitation mail carries.
// portal.spec tests the invitation and the sign-in themselves through the pages.
import type { Page } from '@playwright/test';
import { waitForMail } from './mailbox.ts';

export const PORTAL_PRACTICE = 'Calm Harbor Counseling';
export const INVITE_SUBJECT = `${PORTAL_PRACTICE} invited you to its client portal`;

/** The portal sign-in link of the newest mail with `subject`, as a path on this app. */
export async function portalLinkIn(email: string, subject: string, skip = 0): Promise<string> {
  const mail = await waitForMail(email, (m) => m.subject === subject, skip, 30_000);
  const href = /https?:\/\/\S+\/portal\/sign-in\?\S+/.exec(mail.text)?.[0];
  if (!href) throw new Error(`no portal link in: ${mail.text}`);
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
}

/** Runs a function as the user signed in on `page` (their browser session), synchronously; answers its JSON. */
export async function runFunction<T = Record<string, unknown>>(page: Page, functionId: string, body: Record<string, unknown>): Promise<T> {
  const response = await page.request.post(`/v1/functions/${functionId}/executions`, {
    headers: { 'x-appwrite-project': 'cadence', 'content-type': 'application/json' },
    data: { body: JSON.stringify(body), async: false },
  });
  const execution = (await response.json()) as { responseStatusCode?: number; responseBody?: string };
  if (response.status() !== 201 || (execution.responseStatusCode ?? 500) >= 300) throw new Error(`${functionId}: ${response.status()} ${JSON.stringify(execution)}`);
  return JSON.parse(execution.responseBody ?? 'null') as T;
}

/** Invites the client record as the therapist signed in on `page`, and answers the invitation's sign-in link. */
export async function inviteToPortal(page: Page, clientId: string, email: string): Promise<string> {
  await runFunction(page, 'invite-client', { clientId });
  return portalLinkIn(email, INVITE_SUBJECT);
}

/** Sends the client record a measure (send-measure) as the therapist signed in on `page`; the request's id. */
export async function sendMeasure(page: Page, clientId: string, instrument: 'phq-9' | 'gad-7' | 'phq-2' | 'gad-2'): Promise<string> {
  const response = await page.request.post('/v1/functions/send-measure/executions', {
    headers: { 'x-appwrite-project': 'cadence', 'content-type': 'application/json' },
    data: { body: JSON.stringify({ clientId, instrument }), async: false },
  });
  const execution = (await response.json()) as { responseStatusCode?: number; responseBody?: string };
  if (response.status() !== 201 || execution.responseStatusCode !== 201) throw new Error(`send-measure: ${response.status()} ${JSON.stringify(execution)}`);
  return (JSON.parse(execution.responseBody ?? '{}') as { request: { $id: string } }).request.$id;
}

/** An issued invoice of one charge, made as the therapist signed in on `page` would (ledger, then invoices). */
export async function issueInvoice(page: Page, clientId: string, date: string): Promise<{ $id: string; number: string }> {
  await runFunction(page, 'ledger', { action: 'charge', clientId, amount: 9500, date, memo: 'Copy of records', idempotencyKey: crypto.randomUUID() });
  const { invoice } = await runFunction<{ invoice: { $id: string; number: string } }>(page, 'invoices', { action: 'create', clientId, from: date, to: date });
  await runFunction(page, 'invoices', { action: 'issue', invoiceId: invoice.$id });
  return invoice;
}

/** Sends the client record a packet (send-forms) as the therapist signed in on `page`; the form requests' ids in order. */
export async function sendPacket(page: Page, clientId: string, items: Array<{ kind: 'form' | 'consent'; templateId: string } | { kind: 'form'; formId: string }>): Promise<string[]> {
  const { forms } = await runFunction<{ forms: Array<{ $id: string }> }>(page, 'send-forms', { action: 'send', clientId, items });
  return forms.map((f) => f.$id);
}
