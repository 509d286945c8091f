// One-time backfill, safe to run again (the stack runs it at every start): every user who finished
// signing up before the `therapist` label existed gets it, so the practice collections'
// `create("label:therapist")` keeps letting them work. A therapist is a user with recorded sign-up
// agreements (user_agreements) who is not a portal client. Run against any Appwrite with a key
// that has users.read, users.write and documents.read:
//   APPWRITE_ENDPOINT=https://…/v1 APPWRITE_PROJECT_ID=… APPWRITE_API_KEY=… node backend/scripts/label-therapists.mjs
import { fileURLToPath } from 'node:url';
import { Client, Databases, Query, Users } from 'node-appwrite';
import { collectionsFromEnv } from '../functions/lib/collections.js';
import { CLIENT_LABEL, THERAPIST_LABEL } from '../functions/lib/portal.js';

const PAGE = 100;

/**
 * @param {{ endpoint: string, projectId: string, apiKey: string, env?: Record<string, string | undefined> }} options
 * @returns {Promise<string[]>} the ids of the users labelled now
 */
export async function labelTherapists({ endpoint, projectId, apiKey, env = process.env }) {
  const client = new Client().setEndpoint(endpoint).setProject(projectId).setKey(apiKey);
  const users = new Users(client);
  const databases = new Databases(client);
  const { databaseId, userAgreements } = collectionsFromEnv(env);
  /** @type {string[]} */
  const labelled = [];
  /** @type {string | null} */
  let cursor = null;
  for (;;) {
    /** @type {import('node-appwrite').Models.UserList<import('node-appwrite').Models.Preferences>} */
    const page = await users.list({ queries: [Query.limit(PAGE), Query.orderAsc('$id'), ...(cursor ? [Query.cursorAfter(cursor)] : [])] });
    for (const user of page.users) {
      if (user.labels.includes(THERAPIST_LABEL) || user.labels.includes(CLIENT_LABEL)) continue;
      const agreed = await databases.listDocuments({ databaseId, collectionId: userAgreements, queries: [Query.equal('userId', user.$id), Query.limit(1), Query.select(['$id'])] });
      if (agreed.documents.length === 0) continue;
      await users.updateLabels({ userId: user.$id, labels: [...user.labels, THERAPIST_LABEL] });
      labelled.push(user.$id);
    }
    const last = page.users.at(-1);
    if (!last || page.users.length < PAGE) return labelled;
    cursor = last.$id;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { APPWRITE_ENDPOINT: endpoint, APPWRITE_PROJECT_ID: projectId, APPWRITE_API_KEY: apiKey } = process.env;
  if (!endpoint || !projectId || !apiKey) {
    console.error('Set APPWRITE_ENDPOINT, APPWRITE_PROJECT_ID and APPWRITE_API_KEY.');
    process.exit(2);
  }
  const labelled = await labelTherapists({ endpoint, projectId, apiKey });
  console.log(`Labelled ${labelled.length} therapist${labelled.length === 1 ? '' : 's'}.`);
}
