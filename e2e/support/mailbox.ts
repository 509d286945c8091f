// The local Appwrite's dev mailbox (GET /_dev/mail?to=…, newest first), where every code and
// link the app sends ends up.
import { appwriteUrl } from './ports.ts';

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export const OTP_SUBJECT = 'OTP for Cadence Login';

export async function mailFor(email: string): Promise<Mail[]> {
  const response = await fetch(`${appwriteUrl}/_dev/mail?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`mailbox ${response.status}`);
  return (await response.json()) as Mail[];
}

/** Waits for the newest mail matching `match`, beyond the first `skip` such mails. */
export async function waitForMail(email: string, match: (mail: Mail) => boolean, skip = 0, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await mailFor(email)).filter(match);
    if (mails.length > skip && mails[0]) return mails[0];
    if (Date.now() > deadline) throw new Error(`no mail for ${email} (${mails.length} matching, wanted > ${skip})`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export const otpCount = async (email: string): Promise<number> =>
  (await mailFor(email)).filter((mail) => mail.subject === OTP_SUBJECT).length;

/** The 6-digit code of the newest OTP mail (after `skip` earlier ones). */
export async function waitForCode(email: string, skip = 0): Promise<string> {
  const mail = await waitForMail(email, (m) => m.subject === OTP_SUBJECT, skip);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/** The first link to `path` in the newest mail that has one. */
export async function waitForLink(email: string, path: string, skip = 0): Promise<URL> {
  const pattern = new RegExp(`https?://[^\\s"<]+${path}\\?[^\\s"<]+`);
  const mail = await waitForMail(email, (m) => pattern.test(m.text), skip);
  return new URL((pattern.exec(mail.text) ?? [''])[0]);
}

let counter = 0;
export const uniqueEmail = (label: string): string => `${label}-${Date.now().toString(36)}-${++counter}@cadence.test`;
