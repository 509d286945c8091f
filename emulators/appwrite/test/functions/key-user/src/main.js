// Uses the injected ephemeral key with node-appwrite, as real functions do.
import { Client, Databases, ID } from 'node-appwrite';
export default async ({ req, res }) => {
  const client = new Client().setEndpoint(process.env.APPWRITE_FUNCTION_API_ENDPOINT)
    .setProject(process.env.APPWRITE_FUNCTION_PROJECT_ID).setKey(req.headers['x-appwrite-key']);
  const db = new Databases(client);
  const doc = await db.createDocument({ databaseId: 'main', collectionId: 'checkout_sessions', documentId: ID.unique(),
    data: { userId: req.headers['x-appwrite-user-id'] || 'nobody', status: 'pending' } });
  return res.json({ id: doc.$id });
};
