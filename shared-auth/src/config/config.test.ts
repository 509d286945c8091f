import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { localRuntimeConfig } from './config.ts';

// The local configuration names what backend/appwrite.json creates; a renamed collection or function
// there must not leave the app calling the old id.
const project = JSON.parse(fs.readFileSync(fileURLToPath(new URL('../../../backend/appwrite.json', import.meta.url)), 'utf8')) as {
  projectId: string;
  databases: Array<{ $id: string }>;
  collections: Array<{ $id: string; databaseId: string }>;
  functions: Array<{ $id: string }>;
};

describe('localRuntimeConfig', () => {
  const config = localRuntimeConfig();

  it('names the project, database, collections and functions of backend/appwrite.json', () => {
    expect(config.projectId).toBe(project.projectId);
    expect(project.databases.map((d) => d.$id)).toContain(config.databaseId);
    const collections = project.collections.filter((c) => c.databaseId === config.databaseId).map((c) => c.$id);
    for (const id of Object.values(config.collections)) expect(collections).toContain(id);
    const functions = project.functions.map((f) => f.$id);
    for (const id of Object.values(config.functions)) expect(functions).toContain(id);
  });

  it('takes overrides and keeps every other default', () => {
    const overridden = localRuntimeConfig({ endpoint: 'https://appwrite.example/v1', supportEmail: 'help@cadence.test' });
    expect(overridden).toEqual({ ...config, endpoint: 'https://appwrite.example/v1', supportEmail: 'help@cadence.test' });
  });
});
