// spec §7 sessions (Devices): list, current, delete one, delete all others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOtherSessions, deleteSession, getSessions, MAX_SESSIONS } from '@cadence/shared-auth';
import { getCurrentSession } from '../src/auth/sessions.ts';
import { actAs, login, passwordUser, startEmulator, type Emulator } from './support/emulator.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator.close();
});

describe('sessions', () => {
  it('lists the sessions with exactly one current, and gets the current one', async () => {
    const user = await passwordUser(emulator, 'devices');
    await login(emulator, user.email, undefined, FIREFOX);
    const mine = await login(emulator, user.email);
    actAs(emulator, mine);

    const sessions = await getSessions();
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const current = await getCurrentSession();
    expect(current.current).toBe(true);
    expect(sessions.find((s) => s.current)?.$id).toBe(current.$id);
    expect(sessions.some((s) => s.clientName === 'Firefox')).toBe(true);
  });

  it('deletes one session by id', async () => {
    const user = await passwordUser(emulator, 'terminate');
    const mine = await login(emulator, user.email);
    actAs(emulator, mine);
    const other = (await getSessions()).find((s) => !s.current);
    expect(other).toBeDefined();
    await deleteSession(other?.$id ?? '');
    expect((await getSessions()).map((s) => s.$id)).toEqual([(await getCurrentSession()).$id]);
    await expect(deleteSession('no-such-session')).rejects.toMatchObject({ code: 404, type: 'user_session_not_found' });
  });

  it('delete all others keeps the current session', async () => {
    const user = await passwordUser(emulator, 'others');
    for (let i = 0; i < 3; i += 1) await login(emulator, user.email);
    const mine = await login(emulator, user.email);
    actAs(emulator, mine);
    const before = await getSessions();
    expect(before).toHaveLength(MAX_SESSIONS);

    const deleted = await deleteOtherSessions();
    expect(deleted).toHaveLength(MAX_SESSIONS - 1);
    const after = await getSessions();
    expect(after).toHaveLength(1);
    expect(after[0]?.current).toBe(true);
    expect(after[0]?.$id).toBe((await getCurrentSession()).$id);
    expect(await deleteOtherSessions()).toEqual([]);
  });

  it(`never shows more than ${MAX_SESSIONS} sessions ('n/5 max')`, async () => {
    const user = await passwordUser(emulator, 'many');
    let last = user.session;
    for (let i = 0; i < MAX_SESSIONS + 1; i += 1) last = await login(emulator, user.email);
    actAs(emulator, last);
    expect(await getSessions()).toHaveLength(MAX_SESSIONS);
  });
});
