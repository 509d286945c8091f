// Data survives a restart on the same data dir: users, sessions, tokens and mail.
import { Account, ID } from 'appwrite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { failure, mailFor, signUp, startCore, uniqueEmail, web, type Core } from './support/core-harness.ts';

let core: Core;
beforeAll(async () => { core = await startCore(); });
afterAll(async () => { await core.close(); });

it('keeps accounts, sessions, prefs, OTP tokens and mail across a restart', async () => {
  const u = await signUp(core, 'persist');
  await new Account(web(core, u.session)).updatePrefs({ prefs: { kept: true } });
  const { jwt } = await new Account(web(core, u.session)).createJWT();
  const otpEmail = uniqueEmail('persist-otp');
  const token = await new Account(web(core)).createEmailToken({ userId: ID.unique(), email: otpEmail });

  await core.restart();

  const me = await new Account(web(core, u.session)).get();
  expect(me).toMatchObject({ $id: u.id, prefs: { kept: true } });
  expect((await new Account(web(core).setJWT(jwt)).get()).$id).toBe(u.id);
  const [mail] = await mailFor(core, otpEmail);
  const code = /Use OTP (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
  const session = await new Account(web(core)).createSession({ userId: token.userId, secret: code });
  expect(session.userId).toBe(token.userId);
  expect(await failure(new Account(web(core)).get())).toMatchObject({ code: 401 });
});
