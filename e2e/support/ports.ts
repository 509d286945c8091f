// The e2e stack runs beside a developer's `npm start` (3000/4000/4242) without clashing.
export const ports = { app: 3100, appwrite: 4100, stripe: 4342 } as const;
export const appUrl = `http://localhost:${ports.app}`;
export const appwriteUrl = `http://127.0.0.1:${ports.appwrite}`;
