// The sign round trip (issue 15 "Sign & lock", `pnpm bench`): a therapist signs SIGNS draft notes
// one after another, each as the dashboard's "Sign and lock" does — a synchronous execution of
// sign-note with their session and password — timed from the request to its answer (password checked
// by Appwrite, the note hashed, the note, appointment and signature written in one transaction).
// Each answer is checked (200, status signed) and the signature read back. The notes are seeded
// with the server key as the dashboard writes them (owner-only permissions). Quick: SIGNS signs.
// Run alone: node bench/sign-note.mjs (its own emulator, events and schedules off).
import { parseArgs } from 'node:util';
import { sessionCookie, startBenchEmulator } from './shared.mjs';

const SIGNS = 20;
const KEY_HEADERS = { 'x-appwrite-project': 'cadence', 'content-type': 'application/json', 'x-appwrite-key': 'local-dev-key' };

async function serverApi(endpoint, method, route, body) {
  const response = await fetch(`${endpoint}${route}`, { method, headers: KEY_HEADERS, body: body ? JSON.stringify(body) : undefined });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

const createDocument = (endpoint, userId, collectionId, data) =>
  serverApi(endpoint, 'POST', `/databases/main/collections/${collectionId}/documents`, {
    documentId: 'unique()', data: { userId, ...data }, permissions: [`read("user:${userId}")`, `update("user:${userId}")`, `delete("user:${userId}")`],
  });

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * @param {{ endpoint: string, therapist: { email: string, password: string }, signs?: number }} options
 *   `endpoint` with /v1; `therapist` a subscribed therapist with no practice yet.
 */
export async function measureSignRoundTrip({ endpoint, therapist, signs = SIGNS }) {
  const cookie = await sessionCookie(endpoint, therapist);
  const headers = { 'content-type': 'application/json', 'x-appwrite-project': 'cadence', cookie };
  const userId = (await (await fetch(`${endpoint}/account`, { headers })).json()).$id;
  await createDocument(endpoint, userId, 'practice_settings', { practiceName: 'Bench Practice', therapistName: 'Ada Lovelace', credentials: 'LCSW', timeZone: 'America/New_York', currency: 'USD' });
  const client = await createDocument(endpoint, userId, 'clients', { firstName: 'Bench', lastName: 'Client', status: 'active', tags: [], diagnosisCodes: ['F41.1'], currency: 'USD' });
  const notes = [];
  for (let i = 0; i < signs; i += 1) {
    const start = new Date(Date.now() - (i + 1) * 7 * 86_400_000);
    const appointment = await createDocument(endpoint, userId, 'appointments', {
      clientId: client.$id, serviceId: 'bench', start: start.toISOString(), end: new Date(start.getTime() + 45 * 60_000).toISOString(), status: 'show', noteState: 'draft',
    });
    const content = JSON.stringify({ sections: { subjective: `Session ${i + 1}: reports sleeping better.`, objective: 'Calm, engaged.', assessment: 'GAD, improving.', plan: 'Continue CBT.' }, extra: [] });
    notes.push(await createDocument(endpoint, userId, 'progress_notes', {
      appointmentId: appointment.$id, clientId: client.$id, template: 'soap', content, riskLevel: 'none', interventions: ['CBT'], diagnosisCodes: ['F41.1'], status: 'draft', revision: 1,
    }));
  }
  const each = [];
  const serverEach = [];
  for (const note of notes) {
    const started = performance.now();
    const response = await fetch(`${endpoint}/functions/sign-note/executions`, {
      method: 'POST', headers, body: JSON.stringify({ body: JSON.stringify({ noteId: note.$id, password: therapist.password, revision: 1 }), async: false }),
    });
    const execution = await response.json();
    each.push(Math.round(performance.now() - started));
    serverEach.push(Math.round(execution.duration * 1000));
    const answer = execution.responseBody ? JSON.parse(execution.responseBody) : {};
    if (response.status !== 201 || execution.responseStatusCode !== 200 || answer.note?.status !== 'signed') {
      throw new Error(`sign-note: ${response.status} ${execution.responseStatusCode} ${answer.error ?? execution.errors ?? ''}`);
    }
    const signature = await serverApi(endpoint, 'GET', `/databases/main/collections/note_signatures/documents/${note.$id}`);
    if (signature.contentHash !== answer.note.contentHash) throw new Error('sign-note: the signature does not hold the note’s hash');
  }
  return { signs, p50: percentile(each, 50), p95: percentile(each, 95), max: Math.max(...each), serverP50: percentile(serverEach, 50), each };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '3393' }, signs: { type: 'string', default: String(SIGNS) } } });
  const { createTherapist } = await import('./route-switch.mjs');
  const port = Number(values.port);
  const { endpoint, stop } = await startBenchEmulator({ port, name: 'sign', exitOnSignal: true });
  try {
    const therapist = await createTherapist(`http://127.0.0.1:${port}`);
    const result = await measureSignRoundTrip({ endpoint, therapist, signs: Number(values.signs) });
    console.log(`Sign round trip (sign-note, ${result.signs} notes): p50 ${result.p50} ms, p95 ${result.p95} ms, max ${result.max} ms (in the function p50 ${result.serverP50} ms)`);
  } finally {
    stop();
  }
}
