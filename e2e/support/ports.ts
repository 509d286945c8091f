// The e2e stack runs beside a developer's `npm start` (3000/4000/4242) without clashing;
// CADENCE_E2E_PORT_OFFSET moves all three (e.g. for a second suite on the same machine).
const offset = Number(process.env.CADENCE_E2E_PORT_OFFSET ?? 0);
export const ports = { app: 3100 + offset, appwrite: 4100 + offset, stripe: 4342 + offset } as const;
export const appUrl = `http://localhost:${ports.app}`;
export const appwriteUrl = `http://127.0.0.1:${ports.appwrite}`;
