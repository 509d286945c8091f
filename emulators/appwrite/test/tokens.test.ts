// Email OTP, email verification and password recovery, with the dev mailbox (PROTOCOL §2.2, §6).
import http from 'node:http';
import { Account, ID } from 'appwrite';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertModel } from './support/models.ts';
import { admin, failure, login, mailFor, PASSWORD, PROJECT, signUp, startCore, uniqueEmail, web, type Core } from './support/core-harness.ts';

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

describe('every unexpired OTP works, not only the newest', () => {
  it('two codes mailed one after the other both make a session, each once', async () => {
    const email = uniqueEmail('otp');
    const account = new Account(web(core));
    const token = await account.createEmailToken({ userId: ID.unique(), email });
    await account.createEmailToken({ userId: ID.unique(), email });
    const codes = (await mailFor(core, email)).map((mail) => /Use OTP (\d{6})/.exec(mail.text)?.[1] ?? '');
    expect(codes).toHaveLength(2);
    // The older code (listed last) first.
    for (const code of codes.reverse()) expect((await account.createSession({ userId: token.userId, secret: code })).userId).toBe(token.userId);
  });

  it('a signed-in caller may ask for a code (the route is not in Appwrite\'s session group), but not make a session', async () => {
    const u = await signUp(core, 'otp-signed-in');
    const account = new Account(web(core, u.session));
    expect((await account.createEmailToken({ userId: ID.unique(), email: u.email })).userId).toBe(u.id);
    expect(await failure(account.createSession({ userId: u.id, secret: await otp(u.email) }))).toMatchObject({ code: 401, type: 'user_session_already_exists' });
  });
});

/** The one link of the newest magic-URL mail to `email`. */
async function magicLink(email: string): Promise<URL> {
  const [mail] = await mailFor(core, email);
  const href = /(http:\/\/localhost:3000\/portal\S+)/.exec(mail?.text ?? '')?.[1];
  if (!href) throw new Error(`no magic URL mail for ${email}`);
  return new URL(href);
}

const PORTAL = 'http://localhost:3000/portal/sign-in?from=mail';

describe('magic URL', () => {
  it('creates the user for a new email and mails a 1-hour link with userId, secret, expire and project; the session verifies the email', async () => {
    const email = uniqueEmail('magic');
    const account = new Account(web(core));
    const userId = ID.custom(`magic${Date.now().toString(36)}`);
    const token = await account.createMagicURLToken({ userId, email, url: PORTAL, phrase: true });
    assertModel('token', token);
    expect(token).toMatchObject({ userId, secret: '' });
    expect(token.phrase).toMatch(/^[A-Z][a-z]+ [a-z]+$/);
    expect(Date.parse(token.expire) - Date.parse(token.$createdAt)).toBe(60 * MINUTE);
    const [mail] = await mailFor(core, email);
    expect(mail?.subject).toBe('Cadence Login');
    expect(mail?.text).toContain('This link will expire in 1 hour.');
    expect(mail?.text).toContain(`Security phrase for this email is ${token.phrase}.`);
    const link = await magicLink(email);
    expect(link.pathname).toBe('/portal/sign-in');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ from: 'mail', userId, expire: token.expire, project: PROJECT });
    expect(link.searchParams.get('secret')).toMatch(/^[0-9a-f]{64}$/);

    const session = await account.createSession({ userId, secret: link.searchParams.get('secret') ?? '' });
    assertModel('session', session);
    expect(session).toMatchObject({ userId, provider: 'magic-url', providerUid: email, factors: ['email'], current: true, secret: '' });
    const value = await sessionFromToken(userId, await (async () => {
      await account.createEmailToken({ userId: ID.unique(), email });
      return otp(email);
    })());
    expect(await new Account(web(core, value)).get()).toMatchObject({ $id: userId, email, emailVerification: true, passwordUpdate: '' });
  });

  it('reuses the existing user for a known email (userId ignored); the deprecated updateMagicURLSession makes the same session', async () => {
    const u = await signUp(core, 'magic-known');
    const account = new Account(web(core));
    const token = await account.createMagicURLToken({ userId: ID.unique(), email: u.email, url: PORTAL });
    expect(token.userId).toBe(u.id);
    const secret = (await magicLink(u.email)).searchParams.get('secret') ?? '';
    const session = await account.updateMagicURLSession({ userId: u.id, secret });
    expect(session).toMatchObject({ userId: u.id, provider: 'magic-url', factors: ['email'] });
  });

  it('every unexpired link works once, the older ones too; a used, wrong or expired one is user_invalid_token 401', async () => {
    const email = uniqueEmail('magic');
    const account = new Account(web(core));
    const token = await account.createMagicURLToken({ userId: ID.unique(), email, url: PORTAL });
    const first = (await magicLink(email)).searchParams.get('secret') ?? '';
    await account.createMagicURLToken({ userId: ID.unique(), email, url: PORTAL });
    const second = (await magicLink(email)).searchParams.get('secret') ?? '';
    expect(second).not.toBe(first);

    expect((await account.createSession({ userId: token.userId, secret: first })).userId).toBe(token.userId);
    expect(await failure(account.createSession({ userId: token.userId, secret: first }))).toMatchObject({
      code: 401, type: 'user_invalid_token', message: 'Invalid token passed in the request.',
    });
    expect(await failure(account.updateMagicURLSession({ userId: token.userId, secret: 'f'.repeat(64) }))).toMatchObject({ code: 401, type: 'user_invalid_token' });
    expect((await account.updateMagicURLSession({ userId: token.userId, secret: second })).userId).toBe(token.userId);

    await account.createMagicURLToken({ userId: ID.unique(), email, url: PORTAL });
    const late = (await magicLink(email)).searchParams.get('secret') ?? '';
    core.advance(60 * MINUTE - 5000);
    await account.createMagicURLToken({ userId: ID.unique(), email, url: PORTAL });
    const fresh = (await magicLink(email)).searchParams.get('secret') ?? '';
    core.advance(10_000);
    expect(await failure(account.createSession({ userId: token.userId, secret: late }))).toMatchObject({ code: 401, type: 'user_invalid_token' });
    expect(await failure(account.createSession({ userId: 'nobody', secret: fresh }))).toMatchObject({ code: 401, type: 'user_invalid_token' });
    expect((await account.createSession({ userId: token.userId, secret: fresh })).provider).toBe('magic-url');
  });

  it('a signed-in caller may ask for a link but not turn one into a session (user_session_already_exists)', async () => {
    const u = await signUp(core, 'magic-session');
    const account = new Account(web(core, u.session));
    await account.createMagicURLToken({ userId: ID.unique(), email: u.email, url: PORTAL });
    const secret = (await magicLink(u.email)).searchParams.get('secret') ?? '';
    expect(await failure(account.updateMagicURLSession({ userId: u.id, secret }))).toMatchObject({
      code: 401, type: 'user_session_already_exists', message: 'Creation of a session is prohibited when a session is active.',
    });
  });

  it('without a url the link goes to the console\'s /auth/magic-url; an API key gets the secret in the answer', async () => {
    const email = uniqueEmail('magic');
    const token = await new server.Account(admin(core)).createMagicURLToken({ userId: ID.unique(), email });
    expect(token.secret).toMatch(/^[0-9a-f]{64}$/);
    const [mail] = await mailFor(core, email);
    const link = new URL(/(http:\/\/\S+\/auth\/magic-url\S+)/.exec(mail?.text ?? '')?.[1] ?? 'http://x');
    expect(link.pathname).toBe('/auth/magic-url');
    expect(link.searchParams.get('secret')).toBe(token.secret);
  });

  it('bad input is general_argument_invalid 400 with nothing mailed', async () => {
    const email = uniqueEmail('magic');
    const account = new Account(web(core));
    expect(await failure(account.createMagicURLToken({ userId: ID.unique(), email: 'not-an-email', url: PORTAL }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    expect(await failure(account.createMagicURLToken({ userId: '-bad-id', email, url: PORTAL }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    expect(await failure(account.createMagicURLToken({ userId: ID.unique(), email, url: 'not a url' }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    expect(await mailFor(core, email)).toEqual([]);
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
