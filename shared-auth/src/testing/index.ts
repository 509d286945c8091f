// Test seams (never imported by app code; eslint enforces it): point the one Appwrite client at a
// test server or a spied client, and set the runtime config without /config.json.
export { configureAppwrite, resetAppwrite } from '../client/appwrite-client.ts';
export { localRuntimeConfig, setConfig } from '../config/config.ts';
