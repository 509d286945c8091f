// The video room's set-up for contract tests (issue 34): a client who signed the practice's
// telehealth consent in the portal, as video-room asks before a client may enter.
import { expect } from 'vitest';
import { execute, type SignedInUser } from './billing-appwrite.ts';
import { pdfText } from './pdf-text.ts';
import type { PortalClient } from './portal-fixtures.ts';

/** The client signs the practice's telehealth consent in the portal (e-records consent first). */
export async function signTelehealthConsent(who: PortalClient, by: SignedInUser, recordId: string): Promise<void> {
  type Answer = Record<string, unknown>;
  const sent = await execute<Answer>(by.functions, 'send-consent', { clientId: recordId, templateId: 'telehealth-consent' });
  expect(sent.status, sent.raw).toBe(201);
  const requestId = String((sent.body['request'] as { $id: string }).$id);
  const disclosure = await execute<Answer>(who.functions, 'esign-consent', { action: 'disclosure', accessId: recordId });
  const code = /type this code in the portal: (\d{6})/.exec(pdfText(Buffer.from(String(disclosure.body['base64']), 'base64')))?.[1];
  expect((await execute(who.functions, 'esign-consent', { action: 'accept', accessId: recordId, version: disclosure.body['version'], accessCode: code })).status).toBe(201);
  expect((await execute(who.functions, 'sign-consent', { requestId, signerName: 'Jane Doe', method: 'typed', intent: true })).status).toBe(201);
}
