import { loadServerConfig } from './config.ts';
import { buildServer } from './app.ts';

const config = loadServerConfig();
const app = await buildServer(config);
await app.listen({ host: config.host, port: config.port });
console.log(`Cadence app server: http://localhost:${config.port} (proxying /v1 to ${config.appwriteUpstream})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
