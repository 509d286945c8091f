// Issue 31, the client portal's foundation: invite-client (consent and email required, nothing
// clinical in the mail, re-invites, one login for two practices), portal-sign-in (one mail with a
// code and a link, every unexpired one valid once, nobody told who is a client) and portal-activate.
// Through the SDKs over HTTP against the local Appwrite running the real functions.
import { Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_ID, execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createClient, createPractice, mailFor } from './support/practice-fixtures.ts';
import { invite, invitedClient, newestLink, portalFunctionVars, signInWith } from './support/portal-fixtures.ts';
import { until } from './support/until.ts';

// Each test runs real function executions (a cold one takes seconds on a busy machine).
vi.setConfig({ testTimeout: 90_000 });

let aw: LocalAppwrite;
let a: SignedInUser;
let b: SignedInUser;

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  a = await signedInUser(aw, 'portal-a');
  b = await signedInUser(aw, 'portal-b');
  await createPractice(a, { practiceName: 'Calm Waters Therapy' });
  await createPractice(b, { practiceName: 'Lakeside Counseling' });
}, 60_000);

afterAll(async () => {
  await aw?.close();
});

const accessOf = (clientId: string) => aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'portal_access', documentId: clientId });

describe('invite-client', () => {
  it('mails only "{practice} invited you to its client portal" and a link; the link signs the client in once, and the access turns active', async () => {
    const record = await createClient(a);
    const email = String(record.email);
    const answer = await invite(a, record.$id);
    expect(answer.body).toMatchObject({ success: true, status: 'invited' });

    const { mail, link } = await newestLink(aw, email);
    expect(mail.subject).toBe('Calm Waters Therapy invited you to its client portal');
    expect(mail.text).toContain('Calm Waters Therapy invited you to its client portal.');
    expect(mail.from).toContain('Calm Waters Therapy');
    // Nothing of the client record: not the name, the diagnosis, the notes, nor the record's id.
    for (const text of [mail.subject, mail.text, mail.html, link.href]) {
      for (const secret of ['Jane', 'Janie', 'Doe', 'F41.1', 'panic', record.$id]) expect(text).not.toContain(secret);
    }
    expect(link.origin).toBe('http://localhost:3000');
    expect(Date.parse(link.searchParams.get('expire') ?? '') - Date.now()).toBeGreaterThan(23 * 3600_000);

    const client = await signInWith(aw, link.searchParams.get('userId') ?? '', link.searchParams.get('secret') ?? '');
    expect((await client.account.get()).labels).toEqual(['client']);
    await expect(signInWith(aw, link.searchParams.get('userId') ?? '', link.searchParams.get('secret') ?? '')).rejects.toThrow(/401/);

    const access = await until(() => accessOf(record.$id), (doc) => doc.status === 'active');
    expect(access).toMatchObject({ userId: a.id, clientId: record.$id, clientUserId: client.id, practiceName: 'Calm Waters Therapy' });
    expect(access.$permissions.sort()).toEqual([`read("user:${a.id}")`, `read("user:${client.id}")`].sort());
    // A re-invite of an active client keeps it active and mails a new link; the old ones stay valid.
    expect((await invite(a, record.$id)).body).toMatchObject({ success: true, status: 'active' });
    expect(await mailFor(aw.origin, email)).toHaveLength(2);
  });

  it('a re-invite mails a new link and the earlier one still works', async () => {
    const record = await createClient(a);
    await invite(a, record.$id);
    const first = (await newestLink(aw, String(record.email))).link;
    await invite(a, record.$id);
    const second = (await newestLink(aw, String(record.email))).link;
    expect(second.searchParams.get('secret')).not.toBe(first.searchParams.get('secret'));
    const client = await signInWith(aw, first.searchParams.get('userId') ?? '', first.searchParams.get('secret') ?? '');
    expect(client.id).toBe(second.searchParams.get('userId'));
  });

  it('needs the client’s email and consent, the caller’s own client, a practice, and never makes a therapist a client', async () => {
    const noConsent = await createClient(a, { reminderConsent: false });
    expect(await invite(a, noConsent.$id)).toMatchObject({ status: 400, body: { success: false, field: 'consent' } });
    const noEmail = await createClient(a, { email: null, reminderConsent: false });
    expect((await invite(a, noEmail.$id)).body).toMatchObject({ success: false, field: 'email' });
    const theirs = await createClient(b);
    expect(await invite(a, theirs.$id)).toMatchObject({ status: 404, body: { success: false, error: 'This client is not in your practice.' } });
    expect((await invite(a, 'no-such-client')).status).toBe(404);
    const therapistEmail = await createClient(a, { email: b.email });
    expect(await invite(a, therapistEmail.$id)).toMatchObject({ status: 409, body: { success: false, field: 'email' } });
    expect((await aw.users.get({ userId: b.id })).labels).toEqual(['therapist']);
    const practiceless = await signedInUser(aw, 'no-practice');
    expect((await invite(practiceless, (await createClient(practiceless)).$id)).status).toBe(409);
    for (const record of [noConsent, theirs, therapistEmail]) expect(await mailFor(aw.origin, String(record.email))).toEqual([]);
    // Nothing was linked for any of them.
    for (const record of [noConsent, noEmail, theirs, therapistEmail]) await expect(accessOf(record.$id)).rejects.toMatchObject({ code: 404 });
  });

  it('a client cannot invite anyone, and a guest cannot call it', async () => {
    const record = await createClient(a);
    const client = await invitedClient(aw, a, record.$id, String(record.email));
    const answer = await execute<{ success: boolean }>(client.functions, 'invite-client', { clientId: record.$id });
    expect(answer.status).toBe(403);
    const guest = await fetch(`${aw.endpoint}/functions/invite-client/executions`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': 'cadence' }, body: JSON.stringify({ body: '{}' }),
    });
    expect(guest.status).toBe(401);
  });

  it('a client of two practices has one login and sees each practice apart', async () => {
    const email = `two.${Date.now().toString(36)}@example.com`;
    const atA = await createClient(a, { email });
    const atB = await createClient(b, { email, firstName: 'Other' });
    const client = await invitedClient(aw, a, atA.$id, email);
    await invite(b, atB.$id);
    expect((await newestLink(aw, email)).mail.subject).toBe('Lakeside Counseling invited you to its client portal');
    expect((await accessOf(atB.$id)).clientUserId).toBe(client.id);
    const mine = await client.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'portal_access', queries: [Query.orderAsc('practiceName')] });
    expect(mine.documents.map((d) => [d.practiceName, d.userId])).toEqual([['Calm Waters Therapy', a.id], ['Lakeside Counseling', b.id]]);
  });
});

interface SignInAnswer { success: boolean; error: string | null; userId?: string }
const askForMail = (body: unknown) => execute<SignInAnswer>(aw.functions, 'portal-sign-in', body);

describe('portal-sign-in', () => {
  it('mails one code and link of one token: the code signs in once, an earlier mail\'s too; 5 mails an hour at most', async () => {
    const record = await createClient(a);
    const email = String(record.email);
    const client = await invitedClient(aw, a, record.$id, email);
    await client.account.deleteSession({ sessionId: 'current' });

    // As a guest, the way /portal/sign-in calls it.
    const guest = await fetch(`${aw.endpoint}/functions/portal-sign-in/executions`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': 'cadence' },
      body: JSON.stringify({ body: JSON.stringify({ email: email.toUpperCase() }), async: false }),
    });
    expect(guest.status).toBe(201);
    // It names the user whose code to try (createSession needs the id).
    expect(JSON.parse(((await guest.json()) as { responseBody: string }).responseBody)).toEqual({ success: true, error: null, userId: client.id });
    const { mail, link } = await newestLink(aw, email);
    expect(mail.subject).toBe('Your sign-in code for the client portal');
    const code = /Your sign-in code is (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^[0-9a-f]{6}$/);
    expect(link.searchParams.get('secret')).toBe(code);
    expect(mail.text).not.toContain('Calm Waters');

    // Five mails an hour at most; the sixth request gets the same answer and no mail.
    for (let i = 0; i < 5; i += 1) expect((await askForMail({ email })).body).toEqual({ success: true, error: null, userId: client.id });
    expect(await mailFor(aw.origin, email)).toHaveLength(6);

    expect((await signInWith(aw, client.id, code)).id).toBe(client.id);
    await expect(signInWith(aw, client.id, code)).rejects.toThrow(/401/);
    // The newest mail's code works as well: every unexpired one does.
    const newest = /Your sign-in code is (\S+)/.exec((await newestLink(aw, email)).mail.text)?.[1] ?? '';
    expect(newest).not.toBe(code);
    expect((await signInWith(aw, client.id, newest)).id).toBe(client.id);
  });

  it('tells nobody who is a client: an unknown email, a therapist, and a bad address', async () => {
    const unknown = `nobody.${Date.now().toString(36)}@example.com`;
    // A stand-in id like a real one, the same every time, so asking twice tells nothing either.
    const standIn = (await askForMail({ email: unknown })).body;
    expect(standIn).toEqual({ success: true, error: null, userId: expect.stringMatching(/^[0-9a-f]{20}$/) });
    expect((await askForMail({ email: unknown })).body).toEqual(standIn);
    const therapist = (await askForMail({ email: a.email })).body;
    expect(therapist).toEqual({ success: true, error: null, userId: expect.stringMatching(/^[0-9a-f]{20}$/) });
    expect(therapist.userId).not.toBe(a.id);
    expect((await askForMail({ userId: a.id })).body).toEqual({ success: true, error: null, userId: a.id });
    expect(await mailFor(aw.origin, unknown)).toEqual([]);
    expect(await mailFor(aw.origin, a.email)).toEqual([]);
    expect(await askForMail({ email: 'not an email' })).toMatchObject({ status: 400, body: { success: false, field: 'email' } });
    // No user was made for the unknown address.
    expect((await aw.users.list({ queries: [Query.equal('email', unknown)] })).total).toBe(0);
  });

  it('"Send a new link" from an expired link: by the link\'s userId, to the client\'s own address', async () => {
    const record = await createClient(a);
    const client = await invitedClient(aw, a, record.$id, String(record.email));
    expect((await askForMail({ userId: client.id })).body).toEqual({ success: true, error: null, userId: client.id });
    const { mail } = await newestLink(aw, String(record.email));
    expect(mail.subject).toBe('Your sign-in code for the client portal');
    expect(mail.to).toBe(String(record.email).toLowerCase());
  });
});
