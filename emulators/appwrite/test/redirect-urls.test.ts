// Redirect URLs that carry a secret (recovery, verification, magic URL) must point at a platform host,
// Appwrite's redirectValidator rule: anything else would mail a victim's secret to an attacker.
import { Account } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, mailFor, PROJECT, signUp, startCore, web, type Core } from './support/core-harness.ts';

const refused = (host: string) => ({
  code: 400,
  type: 'general_argument_invalid',
  message: `Invalid \`url\` param: Invalid URI. Register your new client (${host}) as a new Web platform on your project console dashboard`,
});

describe('default platform list (the app origin on localhost and 127.0.0.1)', () => {
  let core: Core;
  beforeAll(async () => { core = await startCore(); });
  afterAll(async () => { await core.close(); });

  it('password recovery to another host is refused and no mail is sent', async () => {
    const u = await signUp(core, 'redirect');
    const guest = new Account(web(core));
    expect(await failure(guest.createRecovery({ email: u.email, url: 'https://evil.example/reset' }))).toMatchObject(refused('evil.example'));
    // The URL parser reads the host after `@`: a prefix check would have let this through.
    expect(await failure(guest.createRecovery({ email: u.email, url: 'http://localhost:3000@evil.example/' }))).toMatchObject(refused('evil.example'));
    expect(await failure(guest.createRecovery({ email: u.email, url: 'http://localhost.evil.example/' }))).toMatchObject(refused('localhost.evil.example'));
    expect(await failure(guest.createRecovery({ email: u.email, url: 'http://127.0.0.1.evil.example/' }))).toMatchObject(refused('127.0.0.1.evil.example'));
    expect(await failure(guest.createRecovery({ email: u.email, url: 'javascript:alert(1)' }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    expect(await mailFor(core, u.email)).toEqual([]);
  });

  it('password recovery to a platform host is accepted, on any path and port of that host', async () => {
    const u = await signUp(core, 'redirect');
    const guest = new Account(web(core));
    expect(await guest.createRecovery({ email: u.email, url: 'http://localhost:3000/reset' })).toMatchObject({ userId: u.id });
    expect(await guest.createRecovery({ email: u.email, url: 'http://127.0.0.1:3000/reset' })).toMatchObject({ userId: u.id });
    // Appwrite matches the hostname only; [::1] is an alias of the listed localhost.
    expect(await guest.createRecovery({ email: u.email, url: 'https://localhost/reset' })).toMatchObject({ userId: u.id });
    expect(await guest.createRecovery({ email: u.email, url: 'http://[::1]:3000/reset' })).toMatchObject({ userId: u.id });
    const raw = await fetch(`${core.endpoint}/account/recovery`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT },
      body: JSON.stringify({ email: u.email, url: 'http://localhost:3000/reset' }),
    });
    expect(raw.status).toBe(201);
    expect(await mailFor(core, u.email)).toHaveLength(5);
  });

  it('email verification to another host is refused, to the app is accepted', async () => {
    const u = await signUp(core, 'redirect');
    const account = new Account(web(core, u.session));
    expect(await failure(account.createEmailVerification({ url: 'https://evil.example/verify' }))).toMatchObject(refused('evil.example'));
    expect(await failure(account.createVerification({ url: 'http://localhost:3000@evil.example/verify' }))).toMatchObject(refused('evil.example'));
    expect(await mailFor(core, u.email)).toEqual([]);
    expect(await account.createEmailVerification({ url: 'http://localhost:3000/verify' })).toMatchObject({ userId: u.id });
  });

  it('magic URL to another host is refused with no user made and no mail sent, to the app is accepted', async () => {
    const guest = new Account(web(core));
    const email = `magic.${Date.now().toString(36)}@example.com`;
    expect(await failure(guest.createMagicURLToken({ userId: 'unique()', email, url: 'https://evil.example/' }))).toMatchObject(refused('evil.example'));
    expect(await failure(guest.createMagicURLToken({ userId: 'unique()', email, url: 'http://localhost:3000@evil.example/portal' }))).toMatchObject(refused('evil.example'));
    expect(await mailFor(core, email)).toEqual([]);
    expect(await guest.createMagicURLToken({ userId: 'unique()', email, url: 'http://localhost:3000/portal/sign-in' })).toMatchObject({ secret: '' });
    expect(await mailFor(core, email)).toHaveLength(1);
  });

  it('takes no redirect URL anywhere else: OAuth2 routes do not exist here', async () => {
    for (const route of ['sessions', 'tokens']) {
      const response = await fetch(`${core.endpoint}/account/${route}/oauth2/github?project=cadence&success=https://evil.example/&failure=https://evil.example/`, { redirect: 'manual' });
      expect(response.status).toBe(404);
      expect(response.headers.get('location')).toBeNull();
    }
  });
});

describe('a configured platform list (APPWRITE_PLATFORMS)', () => {
  let core: Core;
  beforeAll(async () => { core = await startCore({ env: { APPWRITE_PLATFORMS: 'https://practice.example' } }); });
  afterAll(async () => { await core.close(); });

  it('accepts only its hosts: localhost is no longer implied', async () => {
    const u = await signUp(core, 'redirect');
    const guest = new Account(web(core));
    expect(await guest.createRecovery({ email: u.email, url: 'https://practice.example/reset' })).toMatchObject({ userId: u.id });
    expect(await failure(guest.createRecovery({ email: u.email, url: 'http://localhost:3000/reset' }))).toMatchObject(refused('localhost'));
    expect(await failure(guest.createRecovery({ email: u.email, url: 'http://127.0.0.1:3000/reset' }))).toMatchObject(refused('127.0.0.1'));
  });
});
