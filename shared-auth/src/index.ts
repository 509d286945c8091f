export * from './config.ts';
export * from './appwrite-client.ts';
export * from './auth-store.ts';
