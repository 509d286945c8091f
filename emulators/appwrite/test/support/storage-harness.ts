// The storage tests' server: an empty project plus buckets — `exports` exactly as backend/appwrite.json
// declares it (only keys upload; files carry the therapist's own permissions), `form_uploads` read from
// it (only users labelled `client` upload) and test buckets for user uploads, limits and a disabled bucket.
import fs from 'node:fs';
import { Client as WebClient } from 'appwrite';
import { startTestServer, type TestServer } from '../../src/testing.ts';
import { PROJECT } from './core-harness.ts';

export const EXPORTS_BUCKET = {
  $id: 'exports', $permissions: [], fileSecurity: true, name: 'Data exports', enabled: true,
  maximumFileSize: 2_000_000_000, allowedFileExtensions: ['zip'], compression: 'none', encryption: true, antivirus: false,
};

/** Issue 31's bucket of form uploads, as backend/appwrite.json declares it. */
export const FORM_UPLOADS_BUCKET = (JSON.parse(fs.readFileSync(new URL('../../../../backend/appwrite.json', import.meta.url), 'utf8')) as { buckets: Array<{ $id: string }> })
  .buckets.find((b) => b.$id === 'form_uploads')!;

export const TEST_BUCKETS = [
  EXPORTS_BUCKET,
  FORM_UPLOADS_BUCKET,
  // Signed-in users upload; each file readable by whom its permissions name.
  { $id: 'notes', $permissions: ['create("users")'], fileSecurity: true, name: 'Notes', enabled: true, maximumFileSize: 30_000_000, allowedFileExtensions: [], compression: 'none', encryption: true, antivirus: false },
  { $id: 'small', $permissions: ['create("users")'], fileSecurity: true, name: 'Small', enabled: true, maximumFileSize: 1000, allowedFileExtensions: ['txt'], compression: 'none', encryption: false, antivirus: false },
  { $id: 'off', $permissions: ['create("users")', 'read("users")'], fileSecurity: false, name: 'Off', enabled: false, maximumFileSize: 1000, allowedFileExtensions: [], compression: 'none', encryption: true, antivirus: false },
];

export async function startStorage(): Promise<TestServer> {
  return startTestServer({ project: { projectId: PROJECT, databases: [], collections: [], functions: [], buckets: TEST_BUCKETS } });
}

/** The browser's download: the Web SDK's URL for the file, fetched as bytes with the caller's session. */
export async function downloadBytes(client: WebClient, url: string): Promise<Buffer> {
  const data = (await client.call('get', new URL(url), {}, {}, 'arrayBuffer')) as ArrayBuffer;
  return Buffer.from(data);
}
