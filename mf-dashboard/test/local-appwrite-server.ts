// Runs the local Appwrite for a test in a process of its own (see local-appwrite.ts): prints its
// endpoint as one JSON line, and closes (removing its temp data) on SIGTERM.
import { startTestServer } from '@cadence/appwrite-emulator/testing';

const server = await startTestServer();
process.stdout.write(`${JSON.stringify({ endpoint: server.endpoint })}\n`);
process.on('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
