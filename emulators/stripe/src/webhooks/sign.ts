import { createHmac } from 'node:crypto';

/** PROTOCOL §3.3: HMAC-SHA256 over `${t}.${rawBody}`, keyed with the whole `whsec_…` string (not base64-decoded). */
export function signatureHeader(rawBody: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
