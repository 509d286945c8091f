// Concurrent readers (issue 35): throughput and p50/p99 at 1, 10 and 50 connections for
// account.get, getDocument, a 25-document list (25 newest of 10,000, equal filter), the calendar's week-range
// query (mf-dashboard's listAppointments: userId, start in one week, by start, Query.select of the
// schedule's fields, 500 a page, no total), the client list (2,000 clients, as /dashboard/clients asks: listClientRows, Query.select of its
// columns) and a 5,000-document page; then short reads
// while long pages run (10 connections of the 25-document list beside 4 looping the 5,000 page),
// against the same short reads alone: a long list must not stall the short ones behind it; then the
// week and the client list at 50 connections beside 10 writes a second (an appointment's note, by
// the server key): every write moves the database's version, so the next read of each answer the
// emulator keeps (databases/read-cache.ts) is drawn again — the runs before measure answers kept;
// and 50 therapists at once, each on their own session asking their own week (64 appointments),
// alone and beside 10 writes a second spread over their appointments.
// The emulator runs as its own process, as `npm start` runs it; autocannon drives it over HTTP.
// Prints a table on stderr and the results as JSON on stdout (read by `pnpm bench`).
//
// `BENCH_DURATION_S` (default 5) per run, `BENCH_CONNECTIONS` (default `1,10,50`),
// `BENCH_APPWRITE_PORT` (default 4174), `BENCH_CALLS` (comma-separated call keys, default all; the
// short-reads-beside-long-pages runs only when it names `mixed` too),
// `BENCH_WRITES_PER_S` (default 10) for the runs beside writes, `BENCH_SERVER` (default `src/main.ts`: another copy's, to measure an older server on the same load),
// `BENCH_CPU_PROF` (a directory: the emulator runs with --cpu-prof and writes its profile there).
// Each run also reports the CPU time per request of the emulator (all its threads, and its main
// thread alone) and of this process — autocannon, the driver, runs here on the same cores and its
// share is part of the figure.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client, Databases, ID, Query, Users } from 'node-appwrite';
import { startEmulator } from './support/start-emulator.ts';

const PORT = Number(process.env.BENCH_APPWRITE_PORT ?? 4174);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const LEVELS = (process.env.BENCH_CONNECTIONS ?? '1,10,50').split(',').map(Number);
const NOTIFICATIONS = 10_000;
const CLIENTS = 2_000;
/** The practice dataset's density: ~50,000 appointments over 156 weeks. */
const APPOINTMENTS_PER_WEEK = 320;
const WEEKS = 26;
const SETTLE_MS = 1000;
const WRITES_PER_S = Number(process.env.BENCH_WRITES_PER_S ?? 10);
/** What Chrome asks for (the emulator answers document reads of 1 KB or more in Brotli, as Appwrite does); `BENCH_ENCODING=identity` for the uncompressed bytes. */
const ACCEPT_ENCODING = process.env.BENCH_ENCODING ?? 'gzip, deflate, br, zstd';
const endpoint = `http://127.0.0.1:${PORT}/v1`;

const WEEK_MS = 7 * 86_400_000;
/** Monday 00:00 UTC of this week. */
function thisMonday(now = Date.now()): number {
  const day = Math.floor(now / 86_400_000) * 86_400_000;
  return day - ((new Date(day).getUTCDay() + 6) % 7) * 86_400_000;
}

/** An email session's cookie (`a_session_cadence=…`). */
async function signIn(email: string, password: string): Promise<string> {
  const login = await fetch(`${endpoint}/account/sessions/email`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': 'cadence' }, body: JSON.stringify({ email, password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (login.status !== 201 || !cookie) throw new Error(`login failed: ${login.status}`);
  return cookie;
}

async function seed() {
  const admin = new Client().setEndpoint(endpoint).setProject('cadence').setKey('local-dev-key');
  const users = new Users(admin);
  const databases = new Databases(admin);
  const password = 'bench-password-123';
  const user = await users.create({ userId: ID.unique(), email: 'readers@example.test', password, name: 'Readers' });
  const other = await users.create({ userId: ID.unique(), email: 'other-readers@example.test', password, name: 'Other' });
  // Ids of their own: ID.unique()'s 7 random hex digits met twice among 18,000 made in the same milliseconds (409).
  const batches: Array<{ collectionId: string; documents: object[] }> = [];
  const own = (owner: string) => [`read("user:${owner}")`, `update("user:${owner}")`, `delete("user:${owner}")`];
  // Half the notifications are another user's, so the equal filter has work to do.
  for (let start = 0; start < NOTIFICATIONS; start += 100) {
    batches.push({
      collectionId: 'notifications',
      documents: Array.from({ length: 100 }, (_, k) => {
        const owner = (start + k) % 2 === 0 ? user.$id : other.$id;
        return { $id: `notification-${String(start + k).padStart(5, '0')}`, $permissions: [`read("user:${owner}")`], userId: owner, notificationId: `seed-${start + k}`, type: 'welcome', title: 'Welcome', message: 'Welcome to Cadence' };
      }),
    });
  }
  const statuses = ['active', 'active', 'active', 'inactive', 'discharged', 'prospective'];
  for (let start = 0; start < CLIENTS; start += 100) {
    batches.push({
      collectionId: 'clients',
      documents: Array.from({ length: 100 }, (_, k) => {
        const i = start + k;
        return {
          $id: `client-${i}`, $permissions: own(user.$id), userId: user.$id, firstName: `First${i}`, lastName: `Last${String((i * 7919) % CLIENTS).padStart(4, '0')}`,
          preferredName: i % 5 === 0 ? `Pref${i}` : null, pronouns: 'they/them', dateOfBirth: '1990-04-12', email: `client${i}@example.test`, phone: '(212) 555-0101',
          addressLine1: `${i} Main Street`, city: 'Springfield', state: 'NY', postalCode: '10001', status: statuses[i % statuses.length], tags: ['sliding scale'],
          emergencyContactName: 'Pat Doe', emergencyContactRelationship: 'sibling', emergencyContactPhone: '(212) 555-0102', feeOverride: 12_000, selfPay: true, currency: 'USD',
          diagnosisCodes: ['F41.1'], reminderConsent: true, referralSource: 'Website', adminNotes: 'Prefers afternoons. '.repeat(10),
          insurancePayerName: 'Aetna', insurancePayerId: '60054', insuranceMemberId: `M${i}`, insuranceGroupNumber: 'G-100', insuranceSubscriberName: `First${i} Last`, insuranceSubscriberRelation: 'self',
        };
      }),
    });
  }
  // WEEKS weeks around this one (this week the 6th from the end), APPOINTMENTS_PER_WEEK each.
  const firstWeek = thisMonday() - (WEEKS - 6) * WEEK_MS;
  for (let start = 0; start < WEEKS * APPOINTMENTS_PER_WEEK; start += 100) {
    batches.push({
      collectionId: 'appointments',
      documents: Array.from({ length: 100 }, (_, k) => {
        const i = start + k;
        const week = Math.floor(i / APPOINTMENTS_PER_WEEK);
        const slot = i % APPOINTMENTS_PER_WEEK;
        // 5 days × 64 slots of 7.5 minutes from 08:00: overlapping sessions of several clinicians' worth, as dense as the dataset.
        const startMs = firstWeek + week * WEEK_MS + Math.floor(slot / 64) * 86_400_000 + 8 * 3_600_000 + (slot % 64) * 450_000;
        return {
          $id: `appointment-${String(i).padStart(5, '0')}`, $permissions: own(user.$id), userId: user.$id, clientId: `client-${i % CLIENTS}`, serviceId: 'service-1', seriesId: `series-${i % CLIENTS}`,
          start: new Date(startMs).toISOString(), end: new Date(startMs + 50 * 60_000).toISOString(), status: 'scheduled', locationType: i % 3 === 0 ? 'telehealth' : 'office',
          feeAmount: 12_000, currency: 'USD', noteState: 'none',
        };
      }),
    });
  }
  for (let i = 0; i < batches.length; i += 4) {
    await Promise.all(batches.slice(i, i + 4).map((b) => databases.createDocuments({ databaseId: 'main', collectionId: b.collectionId, documents: b.documents })));
  }
  const cookie = await signIn('readers@example.test', password);
  return { userId: user.$id, cookie };
}

function listUrl(collectionId: string, queries: string[], total = true): string {
  const search = queries.map((query, i) => `queries[${i}]=${encodeURIComponent(query)}`).join('&');
  return `${endpoint}/databases/main/collections/${collectionId}/documents?${search}${total ? '' : '&total=false'}`;
}

/** mf-dashboard's APPOINTMENT_FIELDS (schedule/appointment.ts): what the calendar selects. */
const APPOINTMENT_FIELDS = [
  'userId', 'clientId', 'serviceId', 'seriesId', 'start', 'end', 'status', 'locationType', 'meetingLink', 'adminNote',
  'feeAmount', 'currency', 'feeWaived', 'feeWaivedReason', 'statusHistory', 'noteState', 'noChargeAt', 'noChargeBy',
];

interface Call { key: string; name: string; url: string; documents?: number }

/** This week of a therapist's calendar, as mf-dashboard's listAppointments asks: Query.select of its APPOINTMENT_FIELDS (copied: the emulator's bench can't import a remote). */
function weekUrl(userId: string): string {
  const monday = thisMonday();
  return listUrl('appointments', [
    Query.equal('userId', userId), Query.greaterThanEqual('start', new Date(monday).toISOString()), Query.lessThan('start', new Date(monday + WEEK_MS).toISOString()), Query.orderAsc('start'),
    Query.select(APPOINTMENT_FIELDS), Query.limit(500),
  ], false);
}

function calls(userId: string): Call[] {
  return [
    { key: 'account', name: 'account.get', url: `${endpoint}/account` },
    { key: 'get', name: 'getDocument (a client)', url: `${endpoint}/databases/main/collections/clients/documents/client-7` },
    { key: 'list25', name: 'listDocuments: 25 newest of 10,000 (equal filter)', url: listUrl('notifications', [Query.equal('userId', userId), Query.orderDesc('$createdAt'), Query.limit(25)]), documents: 25 },
    {
      key: 'week', name: 'week-range appointment query (500 a page, no total)', documents: 5 * 64,
      url: weekUrl(userId),
    },
    {
      key: 'clients', name: 'client list: 2,000 clients by last name, its columns',
      // mf-dashboard's CLIENT_ROW_FIELDS (the emulator's bench can't import a remote).
      url: listUrl('clients', [Query.equal('userId', userId), Query.orderAsc('lastName'), Query.select(['firstName', 'lastName', 'preferredName', 'pronouns', 'status', 'tags', 'email', 'phone']), Query.limit(5000)]),
      documents: CLIENTS,
    },
    { key: 'page5000', name: '5,000-document page (no total)', url: listUrl('notifications', [Query.equal('userId', userId), Query.orderAsc('$id'), Query.limit(5000)], false), documents: 5000 },
  ];
}

interface Run {
  call: string; connections: number; requestsPerSec: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number;
  /**
   * CPU time per answered request: the emulator's (every thread), its main thread's (HTTP, sessions,
   * small reads; the rest is the read workers') and this process's (autocannon, the driver, on the same cores)
   */
  serverCpuMs?: number; mainThreadCpuMs?: number; driverCpuMs?: number;
}

/** CPU time so far (user + system) of the emulator's threads (`stat`) or its main thread (`task/<pid>/stat`), in ms; null off Linux. */
function serverCpuMs(which: 'stat' | 'main' = 'stat'): number | null {
  try {
    const file = which === 'main' ? `/proc/${emulator.pid}/task/${emulator.pid}/stat` : `/proc/${emulator.pid}/stat`;
    const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

/** Runs autocannon and reads what the emulator and the driver each spent on CPU meanwhile. */
async function cannon(options: autocannon.Options): Promise<{ result: autocannon.Result; cpu: { server: number | null; main: number | null; driver: number } }> {
  const server = serverCpuMs();
  const main = serverCpuMs('main');
  const driver = process.cpuUsage();
  const result = await autocannon(options);
  const used = process.cpuUsage(driver);
  const [serverAfter, mainAfter] = [serverCpuMs(), serverCpuMs('main')];
  return {
    result,
    cpu: { server: server === null || serverAfter === null ? null : serverAfter - server, main: main === null || mainAfter === null ? null : mainAfter - main, driver: (used.user + used.system) / 1000 },
  };
}

function summary(call: string, connections: number, { result, cpu }: Awaited<ReturnType<typeof cannon>>): Run {
  const answered = Math.max(1, result.requests.total);
  return {
    call, connections, requestsPerSec: Math.round(result.requests.average), p50Ms: result.latency.p50, p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors,
    ...(cpu.server === null ? {} : { serverCpuMs: Math.round((cpu.server / answered) * 100) / 100 }),
    ...(cpu.main === null ? {} : { mainThreadCpuMs: Math.round((cpu.main / answered) * 100) / 100 }),
    driverCpuMs: Math.round((cpu.driver / answered) * 100) / 100,
  };
}

/** autocannon stops sending at the deadline while the server still answers what it had queued: one more read waits for that, then a pause. */
async function settle(url: string, headers: Record<string, string>) {
  await (await fetch(url, { headers })).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
}

/** 10 connections of the 25-document list alone, then beside 4 connections looping the 5,000-document page. */
async function mixedRuns(all: Call[], headers: Record<string, string>) {
  const list25 = all.find((c) => c.key === 'list25') as Call;
  const page5000 = all.find((c) => c.key === 'page5000') as Call;
  await settle(page5000.url, headers);
  const alone = summary(`${list25.name}, alone`, 10, await cannon({ url: list25.url, headers, connections: 10, duration: DURATION_S }));
  await settle(list25.url, headers);
  // Both at once: the CPU each saw is the two runs' together.
  const [beside, long] = await Promise.all([
    cannon({ url: list25.url, headers, connections: 10, duration: DURATION_S }),
    cannon({ url: page5000.url, headers, connections: 4, duration: DURATION_S }),
  ]);
  return {
    alone,
    besideLongPages: summary(`${list25.name}, beside 4 connections of 5,000-document pages`, 10, beside),
    longPages: summary(page5000.name, 4, long),
  };
}

const THERAPISTS = 50;
const THERAPIST_WEEK = 64;

/** 50 therapists, each with a week of 64 appointments of their own and a session: their ids, cookies and appointment ids. */
async function seedTherapists(): Promise<Array<{ userId: string; cookie: string; appointments: string[] }>> {
  const users = new Users(new Client().setEndpoint(endpoint).setProject('cadence').setKey('local-dev-key'));
  const databases = new Databases(new Client().setEndpoint(endpoint).setProject('cadence').setKey('local-dev-key'));
  const monday = thisMonday();
  const password = 'bench-password-123';
  return Promise.all(Array.from({ length: THERAPISTS }, async (_, t) => {
    const user = await users.create({ userId: `therapist-${t}`, email: `therapist${t}@example.test`, password, name: `Therapist ${t}` });
    const own = [`read("user:${user.$id}")`, `update("user:${user.$id}")`, `delete("user:${user.$id}")`];
    const documents = Array.from({ length: THERAPIST_WEEK }, (_, i) => {
      const startMs = monday + Math.floor(i / 13) * 86_400_000 + 8 * 3_600_000 + (i % 13) * 3_600_000;
      return {
        $id: `t${t}-appointment-${i}`, $permissions: own, userId: user.$id, clientId: `client-${(t * THERAPIST_WEEK + i) % CLIENTS}`, serviceId: 'service-1', seriesId: `series-${t}-${i}`,
        start: new Date(startMs).toISOString(), end: new Date(startMs + 50 * 60_000).toISOString(), status: 'scheduled', locationType: 'office', feeAmount: 12_000, currency: 'USD', noteState: 'none',
      };
    });
    await databases.createDocuments({ databaseId: 'main', collectionId: 'appointments', documents });
    const cookie = await signIn(`therapist${t}@example.test`, password);
    return { userId: user.$id, cookie, appointments: documents.map((d) => d.$id) };
  }));
}

/** Each connection a therapist of its own, asking their week as the calendar does. */
function practiceCannon(therapists: Awaited<ReturnType<typeof seedTherapists>>) {
  const path = (userId: string) => {
    const url = new URL(weekUrl(userId));
    return url.pathname + url.search;
  };
  let next = 0;
  return cannon({
    url: endpoint, connections: THERAPISTS, duration: DURATION_S,
    setupClient: (client) => {
      const therapist = therapists[next++ % therapists.length]!;
      client.setRequests([{ method: 'GET', path: path(therapist.userId), headers: { 'x-appwrite-project': 'cadence', cookie: therapist.cookie, 'accept-encoding': ACCEPT_ENCODING } }]);
    },
  });
}

/** `run` while an appointment of this week is written `WRITES_PER_S` times a second through the API; how many writes it took. */
async function besideWrites<T>(appointmentId: string | string[], run: () => Promise<T>): Promise<{ result: T; writes: number }> {
  let writes = 0;
  let running = true;
  const writer = (async () => {
    while (running) {
      const id = Array.isArray(appointmentId) ? appointmentId[writes % appointmentId.length] : appointmentId;
      const response = await fetch(`${endpoint}/databases/main/collections/appointments/documents/${id}`, {
        method: 'PATCH', headers: { 'content-type': 'application/json', 'x-appwrite-project': 'cadence', 'x-appwrite-key': 'local-dev-key' },
        body: JSON.stringify({ data: { adminNote: `Moved ${writes}` } }),
      });
      if (response.status !== 200) throw new Error(`write: ${response.status} ${await response.text()}`);
      writes += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000 / WRITES_PER_S));
    }
  })();
  try {
    return { result: await run(), writes };
  } finally {
    running = false;
    await writer;
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-bench-readers-'));
const emulator = (await startEmulator(PORT, dataDir, {
  env: { APPWRITE_EVENTS: 'off', APPWRITE_SMTP_PORT: 'off' }, server: process.env.BENCH_SERVER,
  nodeArgs: process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [],
})).child;
try {
  const seeded = performance.now();
  const { userId, cookie } = await seed();
  console.error(`seeded in ${Math.round(performance.now() - seeded)} ms`);
  const headers = { 'x-appwrite-project': 'cadence', cookie, 'accept-encoding': ACCEPT_ENCODING };
  const wanted = process.env.BENCH_CALLS?.split(',');
  const all = calls(userId);
  for (const call of all) {
    // The call must answer what it stands for before its speed means anything.
    const response = await fetch(call.url, { headers });
    const body = await response.json() as { documents?: unknown[] };
    if (response.status !== 200) throw new Error(`${call.name}: ${response.status} ${JSON.stringify(body)}`);
    if (call.documents !== undefined && body.documents?.length !== call.documents) throw new Error(`${call.name}: ${body.documents?.length} documents, expected ${call.documents}`);
  }
  const runs: Run[] = [];
  for (const call of all.filter((c) => !wanted || wanted.includes(c.key))) {
    for (const connections of LEVELS) {
      runs.push(summary(call.name, connections, await cannon({ url: call.url, headers, connections, duration: DURATION_S })));
      await settle(call.url, headers);
    }
  }
  // Short reads beside long pages, against the same short reads alone (skipped when BENCH_CALLS names calls without `mixed`).
  const mixed = !wanted || wanted.includes('mixed') ? await mixedRuns(all, headers) : null;
  // The week and the client list beside writes (skipped when BENCH_CALLS names calls without `writes`).
  const written: Run[] = [];
  if (!wanted || wanted.includes('writes')) {
    const week = all.find((c) => c.key === 'week') as Call;
    const { documents } = await (await fetch(week.url, { headers: { ...headers, 'accept-encoding': 'identity' } })).json() as { documents: Array<{ $id: string }> };
    for (const call of all.filter((c) => c.key === 'week' || c.key === 'clients')) {
      const { result, writes } = await besideWrites(documents[0]!.$id, () => cannon({ url: call.url, headers, connections: 50, duration: DURATION_S }));
      written.push(summary(`${call.name}, beside ${Math.round(writes / DURATION_S)} writes a second`, 50, result));
      await settle(call.url, headers);
    }
  }
  // 50 therapists, each their own week (skipped when BENCH_CALLS names calls without `therapists`).
  if (!wanted || wanted.includes('therapists')) {
    const therapists = await seedTherapists();
    for (const therapist of [therapists[0]!, therapists.at(-1)!]) {
      const response = await fetch(weekUrl(therapist.userId), { headers: { 'x-appwrite-project': 'cadence', cookie: therapist.cookie } });
      const body = await response.json() as { documents?: unknown[] };
      if (response.status !== 200 || body.documents?.length !== THERAPIST_WEEK) throw new Error(`a therapist's week: ${response.status} ${body.documents?.length ?? JSON.stringify(body)}`);
    }
    written.push(summary(`50 therapists, each their own week (${THERAPIST_WEEK})`, THERAPISTS, await practiceCannon(therapists)));
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const spread = therapists.flatMap((t, i) => t.appointments.slice(i % 8, i % 8 + 1));
    const { result, writes } = await besideWrites(spread, () => practiceCannon(therapists));
    written.push(summary(`50 therapists, each their own week, beside ${Math.round(writes / DURATION_S)} writes a second (theirs)`, THERAPISTS, result));
  }
  console.error(`\nAppwrite emulator: concurrent readers, ${DURATION_S} s per run`);
  console.error('call'.padEnd(70) + 'conn'.padStart(6) + 'req/s'.padStart(8) + 'p50 ms'.padStart(8) + 'p99 ms'.padStart(8) + 'non-2xx'.padStart(9) + 'cpu ms/req: server'.padStart(20) + 'main'.padStart(6) + 'driver'.padStart(8));
  for (const r of [...runs, ...(mixed ? [mixed.alone, mixed.besideLongPages, mixed.longPages] : []), ...written]) {
    console.error(r.call.padEnd(70) + String(r.connections).padStart(6) + String(r.requestsPerSec).padStart(8) + String(r.p50Ms).padStart(8) + String(r.p99Ms).padStart(8) + String(r.non2xx + r.errors).padStart(9)
      + String(r.serverCpuMs ?? '').padStart(20) + String(r.mainThreadCpuMs ?? '').padStart(6) + String(r.driverCpuMs).padStart(8));
  }
  console.log(JSON.stringify({ durationS: DURATION_S, readWorkers: process.env.APPWRITE_READ_WORKERS ?? 'default', readCacheMB: process.env.APPWRITE_READ_CACHE_MB ?? 'default', acceptEncoding: ACCEPT_ENCODING, results: runs, ...(mixed ? { mixed } : {}), besideWrites: written }));
} finally {
  emulator.kill('SIGTERM');
  await new Promise((resolve) => emulator.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
