// Signed-in callers resolved from memory while nothing was written (account/session-memo.ts): a
// repeated request reads no session, and every change to who the caller is — signing out, a blocked
// user, a new label, the session's end by the clock — is in the very next request.
import { Client, Users } from 'node-appwrite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing.ts';
import { API_KEY, createUser, PROJECT_ID, type TestUser } from './support/dbfn-harness.ts';

let h: TestServer;
let users: Users;

beforeAll(async () => {
  h = await startTestServer({});
  users = new Users(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
});
afterAll(async () => { await h.close(); });

const account = async (user: TestUser) => {
  const response = await fetch(`${h.endpoint}/account`, { headers: { 'x-appwrite-project': PROJECT_ID, 'x-appwrite-session': user.session } });
  const body = (await response.json()) as { $id?: string; labels?: string[]; type?: string };
  return { ...body, http: response.status };
};

it('a repeated request is resolved from memory; a new label is in the next one', async () => {
  const user = await createUser(h.endpoint, 'memo');
  expect(await account(user)).toMatchObject({ http: 200, $id: user.id, labels: ['therapist'] });
  const { hit } = h.app.sessionMemo.counts;
  expect(await account(user)).toMatchObject({ http: 200, $id: user.id });
  expect(await account(user)).toMatchObject({ http: 200, $id: user.id });
  expect(h.app.sessionMemo.counts.hit - hit).toBe(2);
  await users.updateLabels({ userId: user.id, labels: ['therapist', 'vip'] });
  expect(await account(user)).toMatchObject({ http: 200, labels: ['therapist', 'vip'] });
});

it('signing out and a blocked user are in the next request', async () => {
  const [leaving, blocked] = [await createUser(h.endpoint, 'leaving'), await createUser(h.endpoint, 'blocked')];
  expect((await account(leaving)).http).toBe(200);
  expect((await account(blocked)).http).toBe(200);
  const out = await fetch(`${h.endpoint}/account/sessions/current`, { method: 'DELETE', headers: { 'x-appwrite-project': PROJECT_ID, 'x-appwrite-session': leaving.session } });
  expect(out.status).toBe(204);
  expect(await account(leaving)).toMatchObject({ http: 401, type: 'general_unauthorized_scope' });
  await users.updateStatus({ userId: blocked.id, status: false });
  expect(await account(blocked)).toMatchObject({ http: 403, type: 'user_blocked' });
});

it('a session that ended by the clock is nobody, with nothing written', async () => {
  const user = await createUser(h.endpoint, 'ending');
  expect((await account(user)).http).toBe(200);
  expect((await account(user)).http).toBe(200);
  h.advance(400 * 86_400_000); // past the default one-year session
  expect(await account(user)).toMatchObject({ http: 401, type: 'general_unauthorized_scope' });
});
