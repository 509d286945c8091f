// Abuse limits (PROTOCOL §6): counted per route key, 429 with X-RateLimit-*, fixed windows.
import { Account, ID } from 'appwrite';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, failure, PASSWORD, PROJECT, startCore, uniqueEmail, web, type Core } from './support/core-harness.ts';

let core: Core;
beforeAll(async () => { core = await startCore({ rateLimits: true }); });
afterAll(async () => { await core.close(); });

const HOUR = 3_600_000;

async function createAccount(email = uniqueEmail('rl')): Promise<Response> {
  return fetch(`${core.endpoint}/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT },
    body: JSON.stringify({ userId: ID.unique(), email, password: PASSWORD }),
  });
}

describe('rate limits', () => {
  it('allows 10 sign-ups per hour per ip, then 429 until the window resets', async () => {
    core.advance(HOUR - (Date.now() % HOUR)); // start of a fresh window
    for (let i = 0; i < 10; i += 1) {
      const response = await createAccount();
      expect(response.status).toBe(201);
      expect(response.headers.get('x-ratelimit-limit')).toBe('10');
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(9 - i));
    }
    const blocked = await createAccount();
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(blocked.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(await blocked.json()).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded', version: '1.9.6' });
    expect(await failure(new Account(web(core)).create({ userId: ID.unique(), email: uniqueEmail(), password: PASSWORD }))).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' });

    core.advance(HOUR);
    expect((await createAccount()).status).toBe(201);
  });

  it('counts email sessions per email and resets the counter after a successful login', async () => {
    const users = new server.Users(admin(core));
    const email = uniqueEmail('login');
    await users.create({ userId: ID.unique(), email, password: PASSWORD });
    const guest = new Account(web(core));
    for (let i = 0; i < 9; i += 1) {
      expect(await failure(guest.createEmailPasswordSession({ email, password: 'wrong password' }))).toMatchObject({ code: 401 });
    }
    await guest.createEmailPasswordSession({ email, password: PASSWORD });
    for (let i = 0; i < 10; i += 1) {
      expect(await failure(guest.createEmailPasswordSession({ email, password: 'wrong password' }))).toMatchObject({ code: 401 });
    }
    expect(await failure(guest.createEmailPasswordSession({ email, password: PASSWORD }))).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' });
    // Another email is a different key.
    const other = uniqueEmail('login');
    await users.create({ userId: ID.unique(), email: other, password: PASSWORD });
    expect((await guest.createEmailPasswordSession({ email: other, password: PASSWORD })).userId).toBeTruthy();
  });

  it('magic URLs: 60 an hour per email and per ip; OTP mails: 10; token sessions: 10 tries per user, reset by a success', async () => {
    core.advance(HOUR - (Date.now() % HOUR));
    const guest = new Account(web(core));
    const email = uniqueEmail('magic-rl');
    const url = 'http://localhost:3000/portal/sign-in';
    for (let i = 0; i < 60; i += 1) await guest.createMagicURLToken({ userId: ID.unique(), email, url });
    expect(await failure(guest.createMagicURLToken({ userId: ID.unique(), email, url }))).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' });
    // The ip's own count is spent too: another email from the same address waits as well.
    expect(await failure(guest.createMagicURLToken({ userId: ID.unique(), email: uniqueEmail('magic-rl'), url }))).toMatchObject({ code: 429 });

    const otpEmail = uniqueEmail('otp-rl');
    const token = await guest.createEmailToken({ userId: ID.unique(), email: otpEmail });
    for (let i = 1; i < 10; i += 1) await guest.createEmailToken({ userId: ID.unique(), email: otpEmail });
    expect(await failure(guest.createEmailToken({ userId: ID.unique(), email: otpEmail }))).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' });

    for (let i = 0; i < 10; i += 1) {
      expect(await failure(guest.createSession({ userId: token.userId, secret: 'wrong1' }))).toMatchObject({ code: 401, type: 'user_invalid_token' });
    }
    expect(await failure(guest.createSession({ userId: token.userId, secret: 'wrong1' }))).toMatchObject({ code: 429 });
    // The deprecated magic-URL session route counts on its own.
    expect(await failure(guest.updateMagicURLSession({ userId: token.userId, secret: 'wrong1' }))).toMatchObject({ code: 401, type: 'user_invalid_token' });

    core.advance(HOUR);
    expect((await guest.createMagicURLToken({ userId: ID.unique(), email, url })).userId).toBeTruthy();
  });

  it('does not limit API-key callers', async () => {
    const account = new server.Account(admin(core));
    for (let i = 0; i < 12; i += 1) {
      await account.create({ userId: ID.unique(), email: uniqueEmail('key'), password: PASSWORD });
    }
  });
});
