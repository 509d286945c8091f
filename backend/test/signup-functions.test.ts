// The sign-up functions (spec §7) run by the real local Appwrite (emulators/appwrite, in-process)
// from backend/functions/<id>/src/main.js, called as a guest through the Web SDK, exactly as the
// sign-up page calls them.
import { Account, Client, Functions, ID, type Models } from 'appwrite';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@cadence/appwrite-emulator/testing';

const PROJECT = 'cadence';
const KEY = 'local-dev-key';
const PASSWORD = 'correct horse battery';

let appwrite: TestServer;
let origin = '';
let offsetMs = 0;
let guestFunctions: Functions;
let admin: server.Users;

interface ConflictAnswer {
  success: boolean;
  userId: string | null;
  secret: string | null;
  phrase: string | null;
  error: string | null;
  shouldRedirectToLogin: boolean;
}

beforeAll(async () => {
  // The project's backend/appwrite.json, functions run from backend/functions.
  appwrite = await startTestServer({ now: () => Date.now() + offsetMs, functionEnv: process.env });
  origin = appwrite.origin;
  guestFunctions = new Functions(new Client().setEndpoint(`${origin}/v1`).setProject(PROJECT));
  admin = new server.Users(new server.Client().setEndpoint(`${origin}/v1`).setProject(PROJECT).setKey(KEY));
});

afterAll(async () => {
  await appwrite?.close();
});

/** spec §7's answer when this step does not apply; an unknown email gets exactly this. */
const EMPTY_ANSWER = { success: false, userId: null, secret: '', phrase: null, error: null, shouldRedirectToLogin: false };

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${++counter}-${Date.now()}@cadence.test`;

async function run(functionId: string, body: Record<string, unknown>): Promise<{ status: number; body: ConflictAnswer & Record<string, unknown>; raw: string }> {
  const execution = await guestFunctions.createExecution({ functionId, body: JSON.stringify(body), async: false });
  expect(execution.status, execution.errors).toBe('completed');
  return { status: execution.responseStatusCode, body: JSON.parse(execution.responseBody), raw: execution.responseBody };
}

async function mail(to: string): Promise<Array<{ subject: string; text: string }>> {
  const response = await fetch(`${origin}/_dev/mail?to=${encodeURIComponent(to)}`);
  return (await response.json()) as Array<{ subject: string; text: string }>;
}

async function latestCode(to: string): Promise<string> {
  const otp = (await mail(to)).find((m) => m.subject === 'OTP for Cadence Login');
  const code = /\b(\d{6})\b/.exec(otp?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** A pending sign-up: the OTP user Appwrite creates on the first code request. */
async function pendingUser(email: string): Promise<string> {
  const token = await new Account(new Client().setEndpoint(`${origin}/v1`).setProject(PROJECT)).createEmailToken({ userId: ID.unique(), email });
  return token.userId;
}

/** A verified user with a session from the code (sign-up step 2 done, step 3 not). */
async function verifiedIncompleteUser(email: string): Promise<string> {
  const userId = await pendingUser(email);
  const account = new Account(new Client().setEndpoint(`${origin}/v1`).setProject(PROJECT));
  await account.createSession({ userId, secret: await latestCode(email) });
  return userId;
}

/** A complete account: name, and a password set well after registration (spec §4). */
async function completeUser(email: string): Promise<Models.User<Models.Preferences>> {
  const created = await admin.create({ userId: ID.unique(), email, password: PASSWORD, name: 'Ada Lovelace' });
  await admin.updateEmailVerification({ userId: created.$id, emailVerification: true });
  offsetMs += 10_000;
  try {
    await admin.updatePassword({ userId: created.$id, password: `${PASSWORD}!` });
  } finally {
    offsetMs -= 10_000;
  }
  return (await admin.get({ userId: created.$id })) as unknown as Models.User<Models.Preferences>;
}

async function exists(userId: string): Promise<boolean> {
  try {
    await admin.get({ userId });
    return true;
  } catch (e) {
    if (e instanceof server.AppwriteException && e.code === 404) return false;
    throw e;
  }
}

/** A fresh code mailed to an existing user's address (Appwrite reuses the user for a known email). */
async function mailedCode(userId: string, email: string): Promise<string> {
  await new Account(new Client().setEndpoint(`${origin}/v1`).setProject(PROJECT)).createEmailToken({ userId, email });
  return latestCode(email);
}

describe('delete-pending-user {userId, secret}', () => {
  it('a guest who knows the userId but not the emailed code cannot cancel the sign-up', async () => {
    const email = uniqueEmail('victim');
    // What any guest learns from handle-signup-conflict: the pending sign-up's userId.
    await pendingUser(email);
    const learned = await run('handle-signup-conflict', { email, withPhrase: true });
    const userId = learned.body.userId ?? '';
    expect(userId).not.toBe('');
    const code = await latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const body of [{ userId }, { userId, secret: '' }, { userId, secret: wrong }, { userId, secret: `${code}0` }, { userId, secret: Number(code) }]) {
      const result = await run('delete-pending-user', body);
      expect([result.status, result.body.success], JSON.stringify(body)).toEqual([401, false]);
      expect(result.body.error).toEqual(expect.any(String));
    }
    expect(await exists(userId)).toBe(true);
    // The owner of the mailbox still can.
    expect(await run('delete-pending-user', { userId, secret: code })).toMatchObject({ status: 200, body: { success: true } });
    expect(await exists(userId)).toBe(false);
  });

  it('a code mailed to another address does not delete this one', async () => {
    const victim = await pendingUser(uniqueEmail('victim2'));
    const attackerEmail = uniqueEmail('attacker');
    await pendingUser(attackerEmail);
    const result = await run('delete-pending-user', { userId: victim, secret: await latestCode(attackerEmail) });
    expect(result.status).toBe(401);
    expect(await exists(victim)).toBe(true);
  });

  it('deletes a pending sign-up (no password, created just now) for the holder of the code just emailed', async () => {
    const email = uniqueEmail('pending');
    const userId = await pendingUser(email);
    const result = await run('delete-pending-user', { userId, secret: await latestCode(email) });
    expect(result).toMatchObject({ status: 200, body: { success: true } });
    expect(await exists(userId)).toBe(false);
  });

  it('even with the right code, a completed user is not deleted and keeps no session from the check', async () => {
    const user = await completeUser(uniqueEmail('complete'));
    const result = await run('delete-pending-user', { userId: user.$id, secret: await mailedCode(user.$id, user.email) });
    expect(result.status).toBe(403);
    expect(result.body.success).toBe(false);
    expect(await exists(user.$id)).toBe(true);
    expect((await admin.listSessions({ userId: user.$id })).total).toBe(0);
  });

  it('nor a verified user who has a password but no name', async () => {
    const email = uniqueEmail('pw');
    const created = await admin.create({ userId: ID.unique(), email, password: PASSWORD });
    expect((await run('delete-pending-user', { userId: created.$id, secret: await mailedCode(created.$id, email) })).status).toBe(403);
    expect(await exists(created.$id)).toBe(true);
  });

  it('nor a passwordless user created more than an hour ago', async () => {
    const email = uniqueEmail('old');
    offsetMs = -2 * 60 * 60 * 1000;
    let userId: string;
    try {
      userId = await pendingUser(email);
    } finally {
      offsetMs = 0;
    }
    expect((await run('delete-pending-user', { userId, secret: await mailedCode(userId, email) })).status).toBe(403);
    expect(await exists(userId)).toBe(true);
  });

  it('rejects a missing or malformed userId, and an unknown one is just a wrong code', async () => {
    expect((await run('delete-pending-user', {})).status).toBe(400);
    expect((await run('delete-pending-user', { userId: '../etc', secret: '123456' })).status).toBe(400);
    expect((await run('delete-pending-user', { userId: 'nobody123', secret: '123456' })).status).toBe(401);
  });
});

describe.each(['handle-incomplete-verified-users', 'handle-signup-conflict'])('%s', (functionId) => {
  it('a complete account: 409, shouldRedirectToLogin, a message containing "already exists", no code sent', async () => {
    const email = uniqueEmail('taken');
    await completeUser(email);
    const result = await run(functionId, { email, withPhrase: true });
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({ success: false, shouldRedirectToLogin: true, secret: '' });
    expect(result.body.error).toContain('already exists');
    expect(await mail(email)).toEqual([]);
  });

  it('a verified but incomplete account gets a fresh code by email only, never a session-creating secret', async () => {
    const email = uniqueEmail('resume');
    const userId = await verifiedIncompleteUser(email);
    const before = (await mail(email)).length;
    const result = await run(functionId, { email: email.toUpperCase(), withPhrase: true });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ success: true, userId, secret: '', shouldRedirectToLogin: false });
    expect(result.body.phrase).toMatch(/^\S+ \S+$/);
    const mails = await mail(email);
    expect(mails.length).toBe(before + 1);
    const code = await latestCode(email);
    // Nothing in the answer can create a session: neither the secret field nor any other.
    expect(result.raw).not.toContain(code);
    const account = new Account(new Client().setEndpoint(`${origin}/v1`).setProject(PROJECT));
    for (const candidate of Object.values(result.body).filter((v): v is string => typeof v === 'string' && v !== '')) {
      await expect(account.createSession({ userId, secret: candidate })).rejects.toMatchObject({ type: 'user_invalid_token' });
    }
    // The mailed code is the way in.
    const session = await account.createSession({ userId, secret: code });
    expect(session.userId).toBe(userId);
  });

  it('an unknown email is not a conflict: the empty answer, the fields of spec §7 and nothing else', async () => {
    const result = await run(functionId, { email: uniqueEmail('new'), withPhrase: true });
    expect(result.status).toBe(200);
    expect(result.body).toStrictEqual(EMPTY_ANSWER);
  });

  it('rejects an invalid email', async () => {
    expect((await run(functionId, { email: 'not-an-email' })).status).toBe(400);
  });
});

describe('pending (unverified) sign-ups', () => {
  it('handle-incomplete-verified-users leaves them to handle-signup-conflict, which mails a fresh code', async () => {
    const email = uniqueEmail('unverified');
    const userId = await pendingUser(email);
    const first = await run('handle-incomplete-verified-users', { email, withPhrase: true });
    // Told apart from an unknown email by nothing: the answer names no state of the account.
    expect(first).toMatchObject({ status: 200 });
    expect(first.body).toStrictEqual(EMPTY_ANSWER);
    const second = await run('handle-signup-conflict', { email, withPhrase: false });
    expect(second).toMatchObject({ status: 200, body: { success: true, userId, secret: '', phrase: null } });
    expect((await mail(email)).length).toBe(2);
  });
});
