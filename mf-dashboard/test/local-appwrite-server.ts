// Runs the local Appwrite for a test in a process of its own (see local-appwrite.ts): prints its
// endpoint as one JSON line, and closes (removing its temp data) on SIGTERM.
import { startTestServer } from '@cadence/appwrite-emulator/testing';

// LOCAL_APPWRITE_EVENTS=off (startLocalAppwrite({ events: false })): no event-triggered functions,
// for a test that writes thousands of documents and is not about what the functions record.
const server = await startTestServer(process.env.LOCAL_APPWRITE_EVENTS === 'off' ? { env: { APPWRITE_EVENTS: 'off' } } : {});
process.stdout.write(`${JSON.stringify({ endpoint: server.endpoint })}\n`);
process.on('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
