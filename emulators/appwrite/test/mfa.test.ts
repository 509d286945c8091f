// Account MFA (issue 17) as the Web SDK 27 and node-appwrite 27 call it: TOTP authenticators,
// recovery codes, factors, challenges, the `mfa` flag, and the enforcement Appwrite applies
// (user_more_factors_required outside the `mfa` group, user_challenge_required on `mfaProtected`
// routes older than 1800 s). The server clock is held still, so each TOTP code is the one of a
// known 30-second window.
import fs from 'node:fs';
import path from 'node:path';
import { Account, AuthenticationFactor, AuthenticatorType, Databases, ID } from 'appwrite';
import * as server from 'node-appwrite';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing.ts';
import { assertModel } from './support/models.ts';
import { admin, failure, login, mailFor, PASSWORD, PROJECT, uniqueEmail, web } from './support/core-harness.ts';

const EMPTY_PROJECT = { projectId: PROJECT, databases: [], collections: [], functions: [] };
const WINDOW_MS = 30_000;

/** The middle of a 30 s window: a code made "now" stays valid until the test moves the clock. */
let clockMs = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS + 12_000;
let core: TestServer;

async function startAt(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({
    project: EMPTY_PROJECT,
    env: { APPWRITE_RATE_LIMITS: 'off', APPWRITE_MAX_SESSIONS: '10', ...env },
    now: () => clockMs,
  });
}

const codeAt = (secret: string, ms: number): string =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: ms });

interface Enrolled {
  id: string;
  email: string;
  /** The session that enrolled (password + totp, never challenged). */
  session: string;
  secret: string;
}

/** A user with a verified email and a password session, as Cadence's sign-up leaves them. */
async function verifiedUser(on: TestServer, label: string): Promise<{ id: string; email: string; session: string }> {
  const email = uniqueEmail(label);
  const users = new server.Users(admin(on));
  const user = await users.create({ userId: ID.unique(), email, password: PASSWORD });
  await users.updateEmailVerification({ userId: user.$id, emailVerification: true });
  return { id: user.$id, email, session: await login(on, email) };
}

/** Turns two-step on as the app does: authenticator, code, recovery codes, then the flag. */
async function enrol(on: TestServer, label: string): Promise<Enrolled & { recoveryCodes: string[] }> {
  const user = await verifiedUser(on, label);
  const account = new Account(web(on, user.session));
  const { secret } = await account.createMFAAuthenticator({ type: AuthenticatorType.Totp });
  await account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: codeAt(secret, clockMs) });
  const { recoveryCodes } = await account.createMFARecoveryCodes();
  await account.updateMFA({ mfa: true });
  return { ...user, secret, recoveryCodes };
}

/** A fresh password sign-in of an enrolled user: the session still needs its second factor. */
async function passwordOnly(on: TestServer, user: { email: string }): Promise<Account> {
  return new Account(web(on, await login(on, user.email)));
}

beforeAll(async () => { core = await startAt(); });
afterAll(async () => { await core.close(); });
beforeEach(() => { clockMs = Math.floor(clockMs / WINDOW_MS) * WINDOW_MS + 12_000; });

describe('TOTP authenticator', () => {
  it('creates a secret and otphp\'s provisioning URI; an unverified one is replaced, a verified one refused', async () => {
    const user = await verifiedUser(core, 'enrol');
    const account = new Account(web(core, user.session));
    const first = await account.createMFAAuthenticator({ type: AuthenticatorType.Totp });
    assertModel('mfaType', first);
    // 64 random bytes in base32 without padding, as otphp's default secret.
    expect(first.secret).toMatch(/^[A-Z2-7]{103}$/);
    expect(first.uri).toBe(`otpauth://totp/Cadence%3A${encodeURIComponent(user.email)}?issuer=Cadence&secret=${first.secret}`);

    const second = await account.createMFAAuthenticator({ type: AuthenticatorType.Totp });
    expect(second.secret).not.toBe(first.secret);
    expect(await failure(account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: codeAt(first.secret, clockMs) })))
      .toMatchObject({ code: 401, type: 'user_invalid_token' });

    const verified = await account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: codeAt(second.secret, clockMs) });
    assertModel('user', verified);
    expect(verified.$id).toBe(user.id);
    // Confirming the authenticator adds `totp` to the session that did it.
    expect((await account.getSession({ sessionId: 'current' })).factors).toEqual(['password', 'totp']);
    expect(await account.listMFAFactors()).toEqual({ totp: true, phone: false, email: true, recoveryCode: false, custom: false });
    expect(await failure(account.createMFAAuthenticator({ type: AuthenticatorType.Totp })))
      .toMatchObject({ code: 409, type: 'user_authenticator_already_verified' });
    expect(await failure(account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: codeAt(second.secret, clockMs) })))
      .toMatchObject({ code: 409, type: 'user_authenticator_already_verified' });
  });

  it('confirming without an authenticator is 404 user_authenticator_not_found; a bad type is refused', async () => {
    const user = await verifiedUser(core, 'none');
    const account = new Account(web(core, user.session));
    expect(await failure(account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: '123456' })))
      .toMatchObject({ code: 404, type: 'user_authenticator_not_found' });
    const response = await fetch(`${core.endpoint}/account/mfa/authenticators/sms`, {
      method: 'POST', headers: { 'x-appwrite-project': PROJECT, 'x-appwrite-session': user.session },
    });
    expect(await response.json()).toMatchObject({ code: 400, type: 'general_argument_invalid', message: 'Invalid `type` param: Value must be one of (totp)' });
  });

  it('accepts the current 30-second window only: not the one before, not the one after (Challenge\\TOTP::verify)', async () => {
    const user = await enrol(core, 'window');
    const account = await passwordOnly(core, user);
    const { $id } = await account.createMFAChallenge({ factor: AuthenticationFactor.Totp });
    for (const ms of [clockMs - WINDOW_MS, clockMs + WINDOW_MS, clockMs - 2 * WINDOW_MS]) {
      expect(await failure(account.updateMFAChallenge({ challengeId: $id, otp: codeAt(user.secret, ms) })))
        .toMatchObject({ code: 401, type: 'user_invalid_token' });
    }
    // The last millisecond of the window still takes its code; the next millisecond does not.
    const windowEnd = Math.floor(clockMs / WINDOW_MS) * WINDOW_MS + WINDOW_MS - 1;
    const code = codeAt(user.secret, clockMs);
    clockMs = windowEnd + 1;
    expect(await failure(account.updateMFAChallenge({ challengeId: $id, otp: code }))).toMatchObject({ type: 'user_invalid_token' });
    clockMs = windowEnd;
    await expect(account.updateMFAChallenge({ challengeId: $id, otp: code })).resolves.toMatchObject({ factors: ['password', 'totp'] });
  });
});

describe('signing in with two-step on', () => {
  it('PATCH /account/mfa sets the flag and keeps the enrolling session whole', async () => {
    const user = await verifiedUser(core, 'flag');
    const account = new Account(web(core, user.session));
    const { secret } = await account.createMFAAuthenticator({ type: AuthenticatorType.Totp });
    // The factor is added by the flag too, not only by the confirmation: start from a session without it.
    await account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: codeAt(secret, clockMs) });
    const other = new Account(web(core, await login(core, user.email)));
    const updated = await other.updateMFA({ mfa: true });
    assertModel('user', updated);
    expect(updated.mfa).toBe(true);
    expect((await other.getSession({ sessionId: 'current' })).factors).toEqual(['password', 'totp', 'email']);
    expect((await account.get()).mfa).toBe(true);
  });

  it('a password session answers user_more_factors_required everywhere but the mfa group until the challenge', async () => {
    const user = await enrol(core, 'login');
    const session = await login(core, user.email);
    const client = web(core, session);
    const account = new Account(client);
    const more = { code: 401, type: 'user_more_factors_required', message: 'More factors are required to complete the sign in process.' };
    expect(await failure(account.get())).toEqual(more);
    expect(await failure(account.listSessions())).toEqual(more);
    expect(await failure(account.createJWT())).toEqual(more);
    expect(await failure(account.updateName({ name: 'Mallory' }))).toEqual(more);
    expect(await failure(new Databases(client).listDocuments({ databaseId: 'main', collectionId: 'any' }))).toEqual(more);
    // Signing in again over it is refused the same way (Appwrite checks before the route runs).
    const again = await fetch(`${core.endpoint}/account/sessions/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT, 'x-appwrite-session': session },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(await again.json()).toMatchObject({ code: 401, type: 'user_more_factors_required' });

    const factors = await account.listMFAFactors();
    assertModel('mfaFactors', factors);
    expect(factors).toEqual({ totp: true, phone: false, email: true, recoveryCode: true, custom: false });
    const challenge = await account.createMFAChallenge({ factor: AuthenticationFactor.Totp });
    assertModel('mfaChallenge', challenge);
    expect(challenge.userId).toBe(user.id);
    expect(Date.parse(challenge.expire) - Date.parse(challenge.$createdAt)).toBe(3_600_000);

    // A wrong code leaves the challenge open for the right one.
    const wrong = codeAt(user.secret, clockMs) === '000000' ? '111111' : '000000';
    expect(await failure(account.updateMFAChallenge({ challengeId: challenge.$id, otp: wrong })))
      .toMatchObject({ code: 401, type: 'user_invalid_token', message: 'Invalid token passed in the request.' });
    const completed = await account.updateMFAChallenge({ challengeId: challenge.$id, otp: codeAt(user.secret, clockMs) });
    assertModel('session', completed);
    expect(completed).toMatchObject({ userId: user.id, current: true, factors: ['password', 'totp'] });
    expect(Date.parse(completed.mfaUpdatedAt)).toBe(clockMs);
    expect((await account.get()).email).toBe(user.email);
    // The challenge is gone once used.
    expect(await failure(account.updateMFAChallenge({ challengeId: challenge.$id, otp: codeAt(user.secret, clockMs) })))
      .toMatchObject({ type: 'user_invalid_token' });
  });

  it('signing out (DELETE /account/sessions/current) works before the second factor', async () => {
    const user = await enrol(core, 'logout');
    const session = await login(core, user.email);
    await new Account(web(core, session)).deleteSession({ sessionId: 'current' });
    const sessions = await new server.Users(admin(core)).listSessions({ userId: user.id });
    expect(sessions.sessions.map((s) => s.$id)).not.toContain(JSON.parse(Buffer.from(session, 'base64').toString()).id);
    expect(sessions.total).toBe(1);
  });

  it('another user\'s challenge is not found; the alias /challenge is the same route', async () => {
    const alice = await enrol(core, 'alice');
    const bob = await enrol(core, 'bob');
    const aliceAccount = await passwordOnly(core, alice);
    const bobSession = await login(core, bob.email);
    const { $id } = await aliceAccount.createMFAChallenge({ factor: AuthenticationFactor.Totp });
    const put = (session: string, body: Record<string, string>) => fetch(`${core.endpoint}/account/mfa/challenge`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT, 'x-appwrite-session': session },
      body: JSON.stringify(body),
    });
    expect(await (await put(bobSession, { challengeId: $id, otp: codeAt(bob.secret, clockMs) })).json())
      .toMatchObject({ code: 401, type: 'user_invalid_token' });
    const response = await put(bobSession, { challengeId: $id, otp: codeAt(alice.secret, clockMs) });
    expect(response.status).toBe(401);
  });

  it('turning two-step off lets a password session in again', async () => {
    const user = await enrol(core, 'off');
    await new Account(web(core, user.session)).updateMFA({ mfa: false });
    const account = await passwordOnly(core, user);
    await expect(account.get()).resolves.toMatchObject({ mfa: false });
  });

  it('a user with MFA on but no second factor at all needs only the password (minimumFactors)', async () => {
    const email = uniqueEmail('lonely');
    const users = new server.Users(admin(core));
    const user = await users.create({ userId: ID.unique(), email, password: PASSWORD });
    await users.updateMFA({ userId: user.$id, mfa: true });
    await expect(new Account(web(core, await login(core, email))).get()).resolves.toMatchObject({ mfa: true });
  });
});

describe('recovery codes', () => {
  it('six codes of ten hex characters, created once (409 after), each usable once to sign in', async () => {
    const user = await enrol(core, 'recovery');
    expect(user.recoveryCodes).toHaveLength(6);
    for (const code of user.recoveryCodes) expect(code).toMatch(/^[0-9a-f]{10}$/);
    expect(new Set(user.recoveryCodes).size).toBe(6);
    const enrolling = new Account(web(core, user.session));
    expect(await failure(enrolling.createMFARecoveryCodes())).toMatchObject({ code: 409, type: 'user_recovery_codes_already_exists' });

    const [first, second] = user.recoveryCodes as [string, string];
    const one = await passwordOnly(core, user);
    const c1 = await one.createMFAChallenge({ factor: AuthenticationFactor.Recoverycode });
    await expect(one.updateMFAChallenge({ challengeId: c1.$id, otp: first })).resolves.toMatchObject({ factors: ['password', 'recoveryCode'] });
    await expect(one.get()).resolves.toMatchObject({ $id: user.id });

    const two = await passwordOnly(core, user);
    const c2 = await two.createMFAChallenge({ factor: AuthenticationFactor.Recoverycode });
    expect(await failure(two.updateMFAChallenge({ challengeId: c2.$id, otp: first }))).toMatchObject({ code: 401, type: 'user_invalid_token' });
    // A TOTP code is no recovery code, nor a recovery code a TOTP code.
    expect(await failure(two.updateMFAChallenge({ challengeId: c2.$id, otp: codeAt(user.secret, clockMs) }))).toMatchObject({ type: 'user_invalid_token' });
    const c3 = await two.createMFAChallenge({ factor: AuthenticationFactor.Totp });
    expect(await failure(two.updateMFAChallenge({ challengeId: c3.$id, otp: second }))).toMatchObject({ type: 'user_invalid_token' });
    await two.updateMFAChallenge({ challengeId: c2.$id, otp: second });

    // GET lists what is left (mfaProtected: this session just completed a challenge).
    const left = await two.getMFARecoveryCodes();
    assertModel('mfaRecoveryCodes', left);
    expect(left.recoveryCodes).toEqual(user.recoveryCodes.slice(2));
  });

  it('GET and PATCH (regenerate) need a challenge within 1800 s: user_challenge_required otherwise', async () => {
    const user = await enrol(core, 'regen');
    const enrolling = new Account(web(core, user.session));
    const required = { code: 401, type: 'user_challenge_required' };
    // The enrolling session has both factors but never completed a challenge.
    expect(await failure(enrolling.getMFARecoveryCodes())).toMatchObject(required);
    expect(await failure(enrolling.updateMFARecoveryCodes())).toMatchObject(required);
    expect(await failure(enrolling.deleteMFAAuthenticator({ type: AuthenticatorType.Totp }))).toMatchObject(required);

    const { $id } = await enrolling.createMFAChallenge({ factor: AuthenticationFactor.Totp });
    await enrolling.updateMFAChallenge({ challengeId: $id, otp: codeAt(user.secret, clockMs) });
    const fresh = await enrolling.updateMFARecoveryCodes();
    expect(fresh.recoveryCodes).toHaveLength(6);
    expect(fresh.recoveryCodes.some((code) => user.recoveryCodes.includes(code))).toBe(false);
    // The old codes stop working at once.
    const other = await passwordOnly(core, user);
    const c = await other.createMFAChallenge({ factor: AuthenticationFactor.Recoverycode });
    expect(await failure(other.updateMFAChallenge({ challengeId: c.$id, otp: user.recoveryCodes[0] ?? '' }))).toMatchObject({ type: 'user_invalid_token' });

    clockMs += 1800 * 1000;
    expect((await enrolling.getMFARecoveryCodes()).recoveryCodes).toEqual(fresh.recoveryCodes);
    clockMs += 1;
    expect(await failure(enrolling.getMFARecoveryCodes())).toMatchObject(required);
  });

  it('the factor is matched as utopia\'s lenient WhiteList: the SDK\'s `recoverycode` and the server\'s `recoveryCode` both work', async () => {
    const user = await enrol(core, 'spelling');
    const session = await login(core, user.email);
    const post = async (factor: string) => (await fetch(`${core.endpoint}/account/mfa/challenges`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT, 'x-appwrite-session': session },
      body: JSON.stringify({ factor }),
    })).json() as Promise<Record<string, unknown>>;
    expect(await post('sms')).toMatchObject({
      code: 400, type: 'general_argument_invalid', message: 'Invalid `factor` param: Value must be one of (email, phone, totp, recoveryCode, custom)',
    });
    const { $id } = await post('recoveryCode');
    const account = new Account(web(core, session));
    await expect(account.updateMFAChallenge({ challengeId: String($id), otp: user.recoveryCodes[5] ?? '' }))
      .resolves.toMatchObject({ factors: ['password', 'recoveryCode'] });
  });

  it('without codes: GET/PATCH 404 user_recovery_codes_not_found', async () => {
    const user = await verifiedUser(core, 'nocodes');
    const account = new Account(web(core, user.session));
    const { secret } = await account.createMFAAuthenticator({ type: AuthenticatorType.Totp });
    await account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: codeAt(secret, clockMs) });
    const { $id } = await account.createMFAChallenge({ factor: AuthenticationFactor.Totp });
    await account.updateMFAChallenge({ challengeId: $id, otp: codeAt(secret, clockMs) });
    expect(await failure(account.getMFARecoveryCodes())).toMatchObject({ code: 404, type: 'user_recovery_codes_not_found' });
    expect(await failure(account.updateMFARecoveryCodes())).toMatchObject({ code: 404, type: 'user_recovery_codes_not_found' });
  });
});

describe('turning the authenticator off', () => {
  it('DELETE needs a recent challenge, then 204; the factor list follows; a second DELETE is 404', async () => {
    const user = await enrol(core, 'remove');
    const account = await passwordOnly(core, user);
    const { $id } = await account.createMFAChallenge({ factor: AuthenticationFactor.Totp });
    await account.updateMFAChallenge({ challengeId: $id, otp: codeAt(user.secret, clockMs) });
    await account.updateMFA({ mfa: false });
    await account.deleteMFAAuthenticator({ type: AuthenticatorType.Totp });
    expect((await account.listMFAFactors()).totp).toBe(false);
    expect(await failure(account.deleteMFAAuthenticator({ type: AuthenticatorType.Totp }))).toMatchObject({ code: 404, type: 'user_authenticator_not_found' });
    // Enrolling again starts from a new secret.
    const again = await account.createMFAAuthenticator({ type: AuthenticatorType.Totp });
    expect(again.secret).not.toBe(user.secret);
  });
});

describe('other factors', () => {
  it('email: a verified address gets a mailed code that completes the challenge', async () => {
    const user = await enrol(core, 'mailed');
    const account = await passwordOnly(core, user);
    const { $id } = await account.createMFAChallenge({ factor: AuthenticationFactor.Email });
    const [mail] = await mailFor(core, user.email);
    expect(mail?.subject).toBe('Verification Code for Cadence');
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(await failure(account.updateMFAChallenge({ challengeId: $id, otp: code === '000000' ? '000001' : '000000' }))).toMatchObject({ type: 'user_invalid_token' });
    await expect(account.updateMFAChallenge({ challengeId: $id, otp: code })).resolves.toMatchObject({ factors: ['password', 'email'] });
  });

  it('email needs a verified address; phone has no SMS provider here; custom is off by policy', async () => {
    const email = uniqueEmail('unverified');
    await new Account(web(core)).create({ userId: ID.unique(), email, password: PASSWORD });
    const account = new Account(web(core, await login(core, email)));
    expect(await failure(account.createMFAChallenge({ factor: AuthenticationFactor.Email }))).toMatchObject({ code: 400, type: 'user_email_not_verified' });
    expect(await failure(account.createMFAChallenge({ factor: AuthenticationFactor.Phone }))).toMatchObject({ type: 'general_phone_disabled' });
    expect(await failure(account.createMFAChallenge({ factor: AuthenticationFactor.Custom }))).toMatchObject({ code: 501, type: 'user_auth_method_unsupported' });
  });
});

describe('users API (node-appwrite)', () => {
  it('lists factors, turns MFA off, regenerates and reads recovery codes, removes the authenticator', async () => {
    const user = await enrol(core, 'server');
    const users = new server.Users(admin(core));
    expect(await users.listMFAFactors({ userId: user.id })).toEqual({ totp: true, phone: false, email: true, recoveryCode: true, custom: false });
    expect((await users.getMFARecoveryCodes({ userId: user.id })).recoveryCodes).toEqual(user.recoveryCodes);
    expect(await failure(users.createMFARecoveryCodes({ userId: user.id }))).toMatchObject({ code: 409, type: 'user_recovery_codes_already_exists' });
    const regenerated = await users.updateMFARecoveryCodes({ userId: user.id });
    expect(regenerated.recoveryCodes).toHaveLength(6);
    expect((await users.updateMFA({ userId: user.id, mfa: false })).mfa).toBe(false);
    await users.deleteMFAAuthenticator({ userId: user.id, type: server.AuthenticatorType.Totp });
    expect((await users.listMFAFactors({ userId: user.id })).totp).toBe(false);
    expect(await failure(users.deleteMFAAuthenticator({ userId: user.id, type: server.AuthenticatorType.Totp })))
      .toMatchObject({ code: 404, type: 'user_authenticator_not_found' });
    expect(await failure(users.listMFAFactors({ userId: 'nobody' }))).toMatchObject({ code: 404, type: 'user_not_found' });

    const fresh = await verifiedUser(core, 'server-new');
    const created = await users.createMFARecoveryCodes({ userId: fresh.id });
    expect(created.recoveryCodes).toHaveLength(6);
    // Deleting the user takes its authenticator, codes and challenges with it.
    await users.delete({ userId: user.id });
    expect(await failure(users.getMFARecoveryCodes({ userId: user.id }))).toMatchObject({ type: 'user_not_found' });
  });
});

describe('secrets at rest', () => {
  it('neither the TOTP secret nor a recovery code is in the database files', async () => {
    const user = await enrol(core, 'rest');
    const bytes = ['appwrite.sqlite', 'appwrite.sqlite-wal']
      .map((name) => path.join(core.dataDir, name))
      .filter((file) => fs.existsSync(file))
      .map((file) => fs.readFileSync(file).toString('latin1'))
      .join('');
    expect(bytes).toContain(user.id);
    expect(bytes).not.toContain(user.secret);
    for (const code of user.recoveryCodes) expect(bytes).not.toContain(code);
    expect(fs.statSync(path.join(core.dataDir, 'mfa.key')).mode & 0o777).toBe(0o600);
  });
});

describe('abuse limits (APPWRITE_RATE_LIMITS on)', () => {
  let limited: TestServer;
  beforeAll(async () => { limited = await startAt({ APPWRITE_RATE_LIMITS: 'on' }); });
  afterAll(async () => { await limited.close(); });

  it('10 challenges an hour per user, then 429; 10 attempts per challenge, then 429 even for the right code', async () => {
    const user = await enrol(limited, 'limits');
    const account = await passwordOnly(limited, user);
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) ids.push((await account.createMFAChallenge({ factor: AuthenticationFactor.Totp })).$id);
    expect(await failure(account.createMFAChallenge({ factor: AuthenticationFactor.Totp })))
      .toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' });
    // Another user is not held back by this one's attempts.
    const other = await enrol(limited, 'limits-other');
    await expect((await passwordOnly(limited, other)).createMFAChallenge({ factor: AuthenticationFactor.Totp })).resolves.toBeDefined();

    const challengeId = ids[0] ?? '';
    const wrong = codeAt(user.secret, clockMs) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i += 1) {
      expect(await failure(account.updateMFAChallenge({ challengeId, otp: wrong }))).toMatchObject({ type: 'user_invalid_token' });
    }
    expect(await failure(account.updateMFAChallenge({ challengeId, otp: codeAt(user.secret, clockMs) })))
      .toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' });
    // A different challenge has its own count.
    await expect(account.updateMFAChallenge({ challengeId: ids[1] ?? '', otp: codeAt(user.secret, clockMs) })).resolves.toMatchObject({ factors: ['password', 'totp'] });
  });
});
