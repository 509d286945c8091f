import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { SchemaUpgradeError } from './databases/schema-upgrade.ts';

function configOrExit(): ReturnType<typeof loadConfig> {
  try {
    return loadConfig();
  } catch (error) {
    // A malformed setting (e.g. APPWRITE_PLATFORMS) is the operator's to fix: say which, no stack.
    console.error('Appwrite emulator:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

async function appOrExit(config: ReturnType<typeof loadConfig>): Promise<Awaited<ReturnType<typeof buildApp>>> {
  try {
    return await buildApp(config);
  } catch (error) {
    // appwrite.json that would lose stored data (databases/schema-upgrade.ts): the operator's to decide.
    if (error instanceof SchemaUpgradeError) {
      console.error(`Appwrite emulator: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

const config = configOrExit();
const app = await appOrExit(config);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch {
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  console.log(`Appwrite emulator on http://${config.host}:${config.port}/v1 (project ${config.projectId}, data ${config.dataDir})`);
  if (app.smtpReceiver.port !== null) console.log(`SMTP receiver on 127.0.0.1:${app.smtpReceiver.port} (into the dev mailbox)`);
} catch (error) {
  console.error('failed to start the Appwrite emulator:', error instanceof Error ? error.message : error);
  process.exit(1);
}
