// Client API account endpoints through the appwrite Web SDK (PROTOCOL §2).
import { Account, ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertModel } from './support/models.ts';
import { failure, login, PASSWORD, PROJECT, signUp, startCore, uniqueEmail, web, type Core } from './support/core-harness.ts';

let core: Core;
beforeAll(async () => { core = await startCore(); });
afterAll(async () => { await core.close(); });

describe('account create', () => {
  it('creates an account (201) with the email lowercased and no session', async () => {
    const email = uniqueEmail('Create').replace('create', 'CREATE');
    const user = await new Account(web(core)).create({ userId: ID.unique(), email, password: PASSWORD, name: 'Ann' });
    assertModel('user', user);
    expect(user.email).toBe(email.toLowerCase());
    expect(user.name).toBe('Ann');
    expect(user.emailVerification).toBe(false);
    expect(user.prefs).toEqual({});
    expect(user.targets[0]).toMatchObject({ providerType: 'email', identifier: email.toLowerCase() });
    expect(user).not.toHaveProperty('password');
  });

  it('accepts unique() and custom ids; a duplicate id or email is user_already_exists 409', async () => {
    const email = uniqueEmail();
    const a = new Account(web(core));
    const user = await a.create({ userId: 'unique()', email, password: PASSWORD });
    expect(user.$id).toMatch(/^[0-9a-f]{20}$/);
    expect(await failure(a.create({ userId: ID.unique(), email, password: PASSWORD }))).toMatchObject({ code: 409, type: 'user_already_exists' });
    expect(await failure(a.create({ userId: user.$id, email: uniqueEmail(), password: PASSWORD }))).toMatchObject({ code: 409, type: 'user_already_exists' });
  });

  it('rejects bad parameters with general_argument_invalid and Appwrite messages', async () => {
    const a = new Account(web(core));
    expect(await failure(a.create({ userId: ID.unique(), email: uniqueEmail(), password: 'short' }))).toEqual({
      code: 400, type: 'general_argument_invalid', message: 'Invalid `password` param: Password must be between 8 and 256 characters long.',
    });
    expect(await failure(a.create({ userId: ID.unique(), email: 'not-an-email', password: PASSWORD }))).toEqual({
      code: 400, type: 'general_argument_invalid', message: 'Invalid `email` param: Value must be a valid email address',
    });
    expect(await failure(a.create({ userId: '_bad', email: uniqueEmail(), password: PASSWORD }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    expect(await failure(a.create({ userId: ID.unique(), email: uniqueEmail(), password: 'x'.repeat(257) }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    const raw = await fetch(`${core.endpoint}/account`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': 'cadence' }, body: JSON.stringify({ email: uniqueEmail(), password: PASSWORD }) });
    expect(await raw.json()).toEqual({ message: 'Param "userId" is not optional.', code: 400, type: 'general_argument_invalid', version: '1.9.6' });
  });
});

describe('account for a signed-in user', () => {
  it('gets the account; a guest gets general_unauthorized_scope 401', async () => {
    const u = await signUp(core);
    const me = await new Account(web(core, u.session)).get();
    assertModel('user', me);
    expect(me.$id).toBe(u.id);
    expect(await failure(new Account(web(core)).get())).toEqual({
      code: 401, type: 'general_unauthorized_scope', message: 'User (role: guests) missing scopes (["account"])',
    });
  });

  it('updates the name (max 128)', async () => {
    const u = await signUp(core);
    const a = new Account(web(core, u.session));
    const updated = await a.updateName({ name: 'New Name' });
    assertModel('user', updated);
    expect(updated.name).toBe('New Name');
    expect(await failure(a.updateName({ name: 'n'.repeat(129) }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
  });

  it('updates the password only with the right oldPassword', async () => {
    const u = await signUp(core);
    const a = new Account(web(core, u.session));
    expect(await failure(a.updatePassword({ password: 'another password', oldPassword: 'wrong password' }))).toMatchObject({ code: 401, type: 'user_invalid_credentials' });
    expect(await failure(a.updatePassword({ password: 'another password' }))).toMatchObject({ code: 401, type: 'user_invalid_credentials' });
    const updated = await a.updatePassword({ password: 'another password', oldPassword: PASSWORD });
    assertModel('user', updated);
    await expect(login(core, u.email)).rejects.toThrow(/401/);
    expect(await login(core, u.email, 'another password')).toBeTruthy();
  });

  it('updates the email with the password; a taken email is user_target_already_exists 409', async () => {
    const u = await signUp(core);
    const other = await signUp(core);
    const a = new Account(web(core, u.session));
    const next = uniqueEmail('moved');
    expect(await failure(a.updateEmail({ email: next, password: 'wrong password' }))).toMatchObject({ code: 401, type: 'user_invalid_credentials' });
    expect(await failure(a.updateEmail({ email: other.email, password: PASSWORD }))).toMatchObject({ code: 409, type: 'user_target_already_exists' });
    const updated = await a.updateEmail({ email: next, password: PASSWORD });
    assertModel('user', updated);
    expect(updated.email).toBe(next);
    expect(updated.emailVerification).toBe(false);
  });

  it('reads and replaces prefs', async () => {
    const u = await signUp(core);
    const a = new Account(web(core, u.session));
    expect(await a.getPrefs()).toEqual({});
    const updated = await a.updatePrefs({ prefs: { theme: 'dark', n: 2 } });
    assertModel('user', updated);
    expect(updated.prefs).toEqual({ theme: 'dark', n: 2 });
    await a.updatePrefs({ prefs: { other: true } });
    const prefs = await a.getPrefs();
    assertModel('preferences', prefs);
    expect(prefs).toEqual({ other: true });
  });

  it('refuses prefs nested 5,000 deep or longer than 65,535 characters with general_argument_invalid, never a 500', async () => {
    const u = await signUp(core);
    const a = new Account(web(core, u.session));
    const nested = (depth: number): Record<string, unknown> => {
      let value: Record<string, unknown> = { leaf: true };
      for (let i = 0; i < depth; i++) value = { a: value };
      return value;
    };
    // Raw text: the SDK's own JSON encoder can't write 5,000 levels.
    const deep = await fetch(`${core.endpoint}/account/prefs`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT, 'x-appwrite-session': u.session },
      body: `{"prefs":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
    });
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    expect(await failure(a.updatePrefs({ prefs: { big: 'x'.repeat(70_000) } }))).toMatchObject({
      code: 400, type: 'general_argument_invalid', message: 'Invalid `prefs` param: Value must be a valid object.',
    });
    expect(await a.getPrefs()).toEqual({});
    // As deep as PHP's json_decode reads (512 levels, the prefs object itself included) is still accepted.
    expect((await a.updatePrefs({ prefs: nested(509) })).prefs).toEqual(nested(509));
  });

  it('blocks the account with updateStatus; the session then fails with user_blocked', async () => {
    const u = await signUp(core);
    const a = new Account(web(core, u.session));
    const blocked = await a.updateStatus();
    assertModel('user', blocked);
    expect(blocked.status).toBe(false);
    expect(await failure(a.get())).toMatchObject({ code: 403, type: 'user_blocked' });
    await expect(login(core, u.email)).rejects.toThrow(/403/);
  });

  it('creates a JWT (201) that authenticates as the user; a JWT cannot create a JWT', async () => {
    const u = await signUp(core);
    const { jwt } = await new Account(web(core, u.session)).createJWT({ duration: 60 });
    assertModel('jwt', { jwt });
    const viaJwt = new Account(web(core).setJWT(jwt));
    expect((await viaJwt.get()).$id).toBe(u.id);
    expect(await failure(viaJwt.createJWT())).toMatchObject({ code: 403, type: 'user_jwt_creation_denied' });
    expect(await failure(new Account(web(core).setJWT('bad.jwt.value')).get())).toMatchObject({ code: 401, type: 'user_jwt_invalid' });
    expect(await failure(new Account(web(core, u.session)).createJWT({ duration: 4000 }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    core.advance(61_000);
    expect(await failure(viaJwt.get())).toMatchObject({ code: 401, type: 'user_jwt_invalid' });
  });

  it('rejects a JWT together with a session (user_jwt_and_cookie_set 403)', async () => {
    const u = await signUp(core);
    const { jwt } = await new Account(web(core, u.session)).createJWT();
    expect(await failure(new Account(web(core, u.session).setJWT(jwt)).get())).toMatchObject({ code: 403, type: 'user_jwt_and_cookie_set' });
  });

  it('answers an unknown project with project_not_found 404', async () => {
    const client = web(core).setProject('nope');
    expect(await failure(new Account(client).get())).toMatchObject({ code: 404, type: 'project_not_found' });
  });
});
