// Server API users through node-appwrite with the API key (PROTOCOL §2.3, issue 3 "Server API").
import { Account } from 'appwrite';
import * as server from 'node-appwrite';
import { ID, Query } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertModel } from './support/models.ts';
import { admin, failure, login, PASSWORD, PROJECT, signUp, startCore, uniqueEmail, web, type Core } from './support/core-harness.ts';

let core: Core;
let users: server.Users;
beforeAll(async () => {
  core = await startCore();
  users = new server.Users(admin(core));
});
afterAll(async () => { await core.close(); });

describe('users', () => {
  it('creates (201), gets and deletes users; the server model carries the argon2 hash', async () => {
    const email = uniqueEmail('srv');
    const created = await users.create({ userId: ID.unique(), email, password: PASSWORD, name: 'Server Made' });
    assertModel('user', created);
    expect(created).toMatchObject({ email, name: 'Server Made', hash: 'argon2' });
    expect(created.password).toMatch(/^\$argon2id\$/);
    const got = await users.get({ userId: created.$id });
    expect(got.$id).toBe(created.$id);
    expect(await failure(users.create({ userId: created.$id, email: uniqueEmail() }))).toMatchObject({ code: 409, type: 'user_already_exists' });
    expect(await users.delete({ userId: created.$id })).toEqual({ message: '' });
    expect(await failure(users.get({ userId: created.$id }))).toMatchObject({ code: 404, type: 'user_not_found' });
    expect(await failure(users.delete({ userId: created.$id }))).toMatchObject({ code: 404, type: 'user_not_found' });
  });

  it('stores a phone number (E.164) and rejects others; phones are unique', async () => {
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    const created = await users.create({ userId: ID.unique(), phone });
    expect(created).toMatchObject({ phone, email: '' });
    expect(await failure(users.create({ userId: ID.unique(), phone }))).toMatchObject({ code: 409, type: 'user_already_exists' });
    expect(await failure(users.create({ userId: ID.unique(), phone: '555-1234' }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
  });

  it('lists with queries, search, cursor and total', async () => {
    const tag = `list${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 3; i += 1) {
      made.push(await users.create({ userId: ID.unique(), email: uniqueEmail(tag), name: `${tag} ${i}` }));
      core.advance(5);
    }
    const byEmail = await users.list({ queries: [Query.equal('email', made[1]?.email ?? '')] });
    expect(byEmail.total).toBe(1);
    expect(byEmail.users[0]?.$id).toBe(made[1]?.$id);
    byEmail.users.forEach((u) => assertModel('user', u));
    const searched = await users.list({ search: tag, queries: [Query.orderDesc('$createdAt'), Query.limit(2)] });
    expect(searched.total).toBe(3);
    expect(searched.users.map((u) => u.$id)).toEqual([made[2]?.$id, made[1]?.$id]);
    const after = await users.list({ search: tag, queries: [Query.orderDesc('$createdAt'), Query.cursorAfter(made[1]?.$id ?? '')] });
    expect(after.users.map((u) => u.$id)).toEqual([made[0]?.$id]);
    const noTotal = await users.list({ search: tag, total: false });
    expect(noTotal.total).toBe(0);
    expect(await failure(users.list({ queries: ['{bad json'] }))).toMatchObject({ code: 400, type: 'general_query_invalid' });
    expect(await failure(users.list({ queries: [Query.equal('nope', 'x')] }))).toMatchObject({ code: 400, type: 'general_query_invalid' });
    expect(await failure(users.list({ queries: [Query.cursorAfter('missing')] }))).toMatchObject({ code: 400, type: 'general_cursor_not_found' });
  });

  it('reads and replaces a user\'s prefs (the bare object), which the user then reads as their own', async () => {
    const u = await signUp(core, 'prefs');
    expect(await users.getPrefs({ userId: u.id })).toEqual({});
    expect(await users.updatePrefs({ userId: u.id, prefs: { theme: 'dark', n: 2 } })).toEqual({ theme: 'dark', n: 2 });
    expect(await users.updatePrefs({ userId: u.id, prefs: { theme: 'light' } })).toEqual({ theme: 'light' });
    expect(await users.getPrefs({ userId: u.id })).toEqual({ theme: 'light' });
    expect(await new Account(web(core, u.session)).getPrefs()).toEqual({ theme: 'light' });
    expect(await failure(users.getPrefs({ userId: 'missing' }))).toMatchObject({ code: 404, type: 'user_not_found' });
  });

  it('updates labels, email verification, name and password; labels become roles', async () => {
    const u = await signUp(core, 'labels');
    const labelled = await users.updateLabels({ userId: u.id, labels: ['admin', 'beta'] });
    assertModel('user', labelled);
    expect(labelled.labels).toEqual(['admin', 'beta']);
    expect(await failure(users.updateLabels({ userId: u.id, labels: ['no spaces'] }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    expect((await users.list({ queries: [Query.contains('labels', 'beta'), Query.equal('$id', u.id)] })).total).toBe(1);
    expect((await users.updateEmailVerification({ userId: u.id, emailVerification: true })).emailVerification).toBe(true);
    expect((await users.updateName({ userId: u.id, name: 'Renamed' })).name).toBe('Renamed');
    await users.updatePassword({ userId: u.id, password: 'server set password' });
    expect(await login(core, u.email, 'server set password')).toBeTruthy();
    expect(await failure(users.updateName({ userId: 'missing', name: 'x' }))).toMatchObject({ code: 404, type: 'user_not_found' });
    expect(await failure(users.updatePassword({ userId: u.id, password: 'short' }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
  });

  it('updates a user\'s email (lower-cased, unverified again); a taken address is 409', async () => {
    const [first, second] = [uniqueEmail('mail'), uniqueEmail('mail')];
    const user = await users.create({ userId: ID.unique(), email: first, password: PASSWORD });
    await users.updateEmailVerification({ userId: user.$id, emailVerification: true });
    const other = await users.create({ userId: ID.unique(), email: second, password: PASSWORD });
    const changed = await users.updateEmail({ userId: user.$id, email: `New-${first}` });
    assertModel('user', changed);
    expect(changed).toMatchObject({ email: `new-${first}`.toLowerCase(), emailVerification: false });
    expect(await login(core, `new-${first}`.toLowerCase(), PASSWORD)).toBeTruthy();
    expect(await failure(users.updateEmail({ userId: user.$id, email: other.email }))).toMatchObject({ code: 409, type: 'user_target_already_exists' });
    expect(await failure(users.updateEmail({ userId: user.$id, email: 'not-an-email' }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
  });

  it('lists and deletes sessions of a user', async () => {
    const u = await signUp(core, 'sess');
    const second = await login(core, u.email);
    const list = await users.listSessions({ userId: u.id });
    assertModel('sessionList', list);
    expect(list.total).toBe(2);
    await users.deleteSession({ userId: u.id, sessionId: list.sessions[0]?.$id ?? '' });
    expect(await failure(new Account(web(core, u.session)).get())).toMatchObject({ code: 401 });
    expect((await new Account(web(core, second)).get()).$id).toBe(u.id);
    expect(await failure(users.deleteSession({ userId: u.id, sessionId: 'missing' }))).toMatchObject({ code: 404, type: 'user_session_not_found' });
    await users.deleteSessions({ userId: u.id });
    expect((await users.listSessions({ userId: u.id })).total).toBe(0);
  });

  it('blocks and unblocks a user (updateStatus): a blocked user can neither sign in nor use a session', async () => {
    const u = await signUp(core, 'blocked');
    const blocked = await users.updateStatus({ userId: u.id, status: false });
    assertModel('user', blocked);
    expect(blocked.status).toBe(false);
    expect(await failure(new Account(web(core, u.session)).get())).toMatchObject({ code: 403, type: 'user_blocked' });
    expect(await failure(new Account(web(core)).createEmailPasswordSession({ email: u.email, password: PASSWORD }))).toMatchObject({ code: 403, type: 'user_blocked' });
    expect((await users.updateStatus({ userId: u.id, status: true })).status).toBe(true);
    expect((await new Account(web(core, u.session)).get()).$id).toBe(u.id);
    expect(await failure(users.updateStatus({ userId: 'missing', status: false }))).toMatchObject({ code: 404, type: 'user_not_found' });
  });

  it('creates a token (201, secret visible to the key) that signs in once through the Web SDK', async () => {
    const u = await signUp(core, 'token');
    const token = await users.createToken({ userId: u.id, length: 8, expire: 120 });
    assertModel('token', token);
    expect(token.secret).toHaveLength(8);
    const account = new Account(web(core));
    const session = await account.createSession({ userId: u.id, secret: token.secret });
    expect(session.factors).toEqual(['token']);
    expect(await failure(account.createSession({ userId: u.id, secret: token.secret }))).toMatchObject({ code: 401, type: 'user_invalid_token' });
  });

  it('requires the key: guests and users lack the users scopes, wrong keys are guests', async () => {
    const guest = new server.Users(new server.Client().setEndpoint(core.endpoint).setProject(PROJECT));
    expect(await failure(guest.list())).toEqual({ code: 401, type: 'general_unauthorized_scope', message: 'User (role: guests) missing scopes (["users.read"])' });
    const wrong = new server.Users(new server.Client().setEndpoint(core.endpoint).setProject(PROJECT).setKey('wrong'));
    expect(await failure(wrong.list())).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
    const u = await signUp(core);
    const asUser = new server.Users(new server.Client().setEndpoint(core.endpoint).setProject(PROJECT).setSession(u.session));
    expect(await failure(asUser.delete({ userId: u.id }))).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
    expect(await failure(new server.Account(admin(core)).get())).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
    expect(await failure(new server.Users(admin(core).setSession(u.session)).get({ userId: u.id }))).toMatchObject({ code: 403, type: 'user_api_key_and_session_set' });
  });
});
