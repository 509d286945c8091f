// Email OTP, email verification and password recovery, with the dev mailbox (PROTOCOL §2.2, §6).
import http from 'node:http';
import { Account, ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertModel } from './support/models.ts';
import { failure, login, mailFor, PASSWORD, PROJECT, signUp, startCore, uniqueEmail, web, type Core } from './support/core-harness.ts';

let core: Core;
beforeAll(async () => { core = await startCore(); });
afterAll(async () => { await core.close(); });

const MINUTE = 60_000;

async function otp(email: string): Promise<string> {
  const [mail] = await mailFor(core, email);
  const code = /Use OTP (\d{6}) to sign in to Cadence\. Expires in 15 minutes\./.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no OTP mail for ${email}`);
  return code;
}

async function sessionFromToken(userId: string, secret: string): Promise<string> {
  const response = await fetch(`${core.endpoint}/account/sessions/token`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT }, body: JSON.stringify({ userId, secret }),
  });
  if (response.status !== 201) throw new Error(`token session ${response.status}`);
  return (JSON.parse(response.headers.get('x-fallback-cookies') ?? '{}') as Record<string, string>)[`a_session_${PROJECT}`] ?? '';
}

describe('email OTP', () => {
  it('creates the user for a new email, mails a 6-digit code, and the token session verifies the email', async () => {
    const email = uniqueEmail('otp');
    const account = new Account(web(core));
    const token = await account.createEmailToken({ userId: ID.unique(), email, phrase: true });
    assertModel('token', token);
    expect(token.secret).toBe('');
    expect(token.phrase).toMatch(/^[A-Z][a-z]+ [a-z]+$/);
    expect(Date.parse(token.expire) - Date.parse(token.$createdAt)).toBe(15 * MINUTE);
    const [mail] = await mailFor(core, email);
    expect(mail?.subject).toBe('OTP for Cadence Login');
    expect(mail?.text).toContain(token.phrase);

    const session = await account.createSession({ userId: token.userId, secret: await otp(email) });
    assertModel('session', session);
    expect(session).toMatchObject({ provider: 'token', factors: ['email'], current: true, secret: '' });
    const value = await sessionFromToken(token.userId, await (async () => {
      await account.createEmailToken({ userId: ID.unique(), email });
      return otp(email);
    })());
    const me = await new Account(web(core, value)).get();
    expect(me).toMatchObject({ email, emailVerification: true, passwordUpdate: '' });
  });

  it('reuses the existing user for a known email (userId ignored)', async () => {
    const u = await signUp(core, 'known');
    const token = await new Account(web(core)).createEmailToken({ userId: ID.unique(), email: u.email });
    expect(token.userId).toBe(u.id);
  });

  it('is single use, and a wrong or expired code is user_invalid_token 401', async () => {
    const email = uniqueEmail('otp');
    const account = new Account(web(core));
    const token = await account.createEmailToken({ userId: ID.unique(), email });
    const code = await otp(email);
    expect(await failure(account.createSession({ userId: token.userId, secret: code === '000000' ? '111111' : '000000' }))).toMatchObject({ code: 401, type: 'user_invalid_token' });
    await account.createSession({ userId: token.userId, secret: code });
    expect(await failure(account.createSession({ userId: token.userId, secret: code }))).toMatchObject({ code: 401, type: 'user_invalid_token' });

    await account.createEmailToken({ userId: ID.unique(), email });
    const late = await otp(email);
    core.advance(15 * MINUTE + 1000);
    expect(await failure(account.createSession({ userId: token.userId, secret: late }))).toMatchObject({ code: 401, type: 'user_invalid_token' });
    expect(await failure(account.createSession({ userId: 'nobody', secret: late }))).toMatchObject({ code: 401, type: 'user_invalid_token' });
  });

  it('refuses a blocked user (user_blocked 403)', async () => {
    const u = await signUp(core, 'blocked');
    await new Account(web(core, u.session)).updateStatus();
    expect(await failure(new Account(web(core)).createEmailToken({ userId: ID.unique(), email: u.email }))).toMatchObject({ code: 403, type: 'user_blocked' });
  });

  it('still works just before 15 minutes', async () => {
    const email = uniqueEmail('otp');
    const account = new Account(web(core));
    const token = await account.createEmailToken({ userId: ID.unique(), email });
    core.advance(15 * MINUTE - 5000);
    const session = await account.createSession({ userId: token.userId, secret: await otp(email) });
    expect(session.userId).toBe(token.userId);
  });
});

describe('email verification', () => {
  for (const variant of ['createEmailVerification', 'createVerification'] as const) {
    it(`${variant}: mails a link with userId, secret and expire (1 hour), confirm verifies once`, async () => {
      const u = await signUp(core, 'verify');
      const account = new Account(web(core, u.session));
      const token = variant === 'createEmailVerification'
        ? await account.createEmailVerification({ url: 'http://localhost:3000/verify?from=mail' })
        : await account.createVerification({ url: 'http://localhost:3000/verify?from=mail' });
      assertModel('token', token);
      expect(token.secret).toBe('');
      expect(Date.parse(token.expire) - Date.parse(token.$createdAt)).toBe(60 * MINUTE);
      const [mail] = await mailFor(core, u.email);
      const link = new URL(/(http:\/\/localhost:3000\/verify\S+)/.exec(mail?.text ?? '')?.[1] ?? 'http://x');
      expect(link.searchParams.get('from')).toBe('mail');
      expect(link.searchParams.get('userId')).toBe(u.id);
      expect(link.searchParams.get('expire')).toBe(token.expire);
      const secret = link.searchParams.get('secret') ?? '';
      expect(secret).toMatch(/^[0-9a-f]{256}$/);

      const guest = new Account(web(core));
      expect(await failure(guest.updateEmailVerification({ userId: u.id, secret: 'wrong' }))).toMatchObject({ code: 401, type: 'user_invalid_token' });
      expect(await failure(guest.updateEmailVerification({ userId: 'missing', secret }))).toMatchObject({ code: 404, type: 'user_not_found' });
      const confirmed = variant === 'createEmailVerification'
        ? await guest.updateEmailVerification({ userId: u.id, secret })
        : await guest.updateVerification({ userId: u.id, secret });
      assertModel('token', confirmed);
      expect((await account.get()).emailVerification).toBe(true);
      expect(await failure(guest.updateEmailVerification({ userId: u.id, secret }))).toMatchObject({ code: 401, type: 'user_invalid_token' });
      expect(await failure(account.createEmailVerification({ url: 'http://localhost:3000/verify' }))).toMatchObject({ code: 409, type: 'user_email_already_verified' });
    });
  }

  it('needs a session and a valid url', async () => {
    expect(await failure(new Account(web(core)).createEmailVerification({ url: 'http://localhost/x' }))).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
    const u = await signUp(core);
    expect(await failure(new Account(web(core, u.session)).createEmailVerification({ url: 'not a url' }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
  });
});

describe('password recovery', () => {
  it('mails a 1-hour link; confirm sets the password once and verifies the email', async () => {
    const u = await signUp(core, 'recover');
    const guest = new Account(web(core));
    const token = await guest.createRecovery({ email: u.email, url: 'http://localhost:3000/reset' });
    assertModel('token', token);
    expect(token.secret).toBe('');
    expect(Date.parse(token.expire) - Date.parse(token.$createdAt)).toBe(60 * MINUTE);
    const [mail] = await mailFor(core, u.email);
    const link = new URL(/(http:\/\/localhost:3000\/reset\S+)/.exec(mail?.text ?? '')?.[1] ?? 'http://x');
    const secret = link.searchParams.get('secret') ?? '';
    expect(link.searchParams.get('userId')).toBe(u.id);
    expect(await failure(guest.updateRecovery({ userId: u.id, secret, password: 'short' }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    const done = await guest.updateRecovery({ userId: u.id, secret, password: 'brand new password' });
    assertModel('token', done);
    expect(await failure(guest.updateRecovery({ userId: u.id, secret, password: 'again new password' }))).toMatchObject({ code: 401, type: 'user_invalid_token' });
    const session = await login(core, u.email, 'brand new password');
    expect((await new Account(web(core, session)).get()).emailVerification).toBe(true);
  });

  it('expires after an hour; unknown email or user is user_not_found', async () => {
    const u = await signUp(core, 'recover');
    const guest = new Account(web(core));
    expect(await failure(guest.createRecovery({ email: 'nobody@example.com', url: 'http://localhost/r' }))).toMatchObject({ code: 404, type: 'user_not_found' });
    await guest.createRecovery({ email: u.email, url: 'http://localhost:3000/reset' });
    const [mail] = await mailFor(core, u.email);
    const secret = new URL(/(http:\/\/localhost:3000\/reset\S+)/.exec(mail?.text ?? '')?.[1] ?? 'http://x').searchParams.get('secret') ?? '';
    expect(await failure(guest.updateRecovery({ userId: 'missing', secret, password: PASSWORD }))).toMatchObject({ code: 404, type: 'user_not_found' });
    core.advance(60 * MINUTE + 1000);
    expect(await failure(guest.updateRecovery({ userId: u.id, secret, password: 'brand new password' }))).toMatchObject({ code: 401, type: 'user_invalid_token' });
  });
});

describe('dev mailbox', () => {
  it('lists mail newest first as JSON and renders a readable page', async () => {
    const email = uniqueEmail('box');
    const account = new Account(web(core));
    await account.createEmailToken({ userId: ID.unique(), email });
    await account.createEmailToken({ userId: ID.unique(), email });
    const mails = await mailFor(core, email);
    expect(mails).toHaveLength(2);
    expect(Object.keys(mails[0] ?? {}).sort()).toEqual(['attachments', 'createdAt', 'from', 'html', 'id', 'subject', 'text', 'to']);
    expect(Date.parse(mails[0]?.createdAt ?? '')).toBeGreaterThanOrEqual(Date.parse(mails[1]?.createdAt ?? ''));
    const page = await fetch(`${core.origin}/_dev/mail/ui?to=${encodeURIComponent(email)}`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('OTP for Cadence Login');
  });

  it('answers only requests that name a loopback host: a DNS-rebound page (Host: evil.example) gets 403', async () => {
    const status = (host: string): Promise<number> => new Promise((resolve, reject) => {
      const request = http.get(`${core.origin}/_dev/mail`, { headers: { host } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });
    const port = new URL(core.origin).port;
    expect(await status(`evil.example:${port}`)).toBe(403);
    expect(await status(`127.0.0.1.evil.example:${port}`)).toBe(403);
    expect(await status(`localhost:${port}`)).toBe(200);
    expect(await status(`127.0.0.1:${port}`)).toBe(200);
  });
});
