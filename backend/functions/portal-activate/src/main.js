// portal-activate (issue 31): on every new session (event users.*.sessions.*.create), a client's
// invited portal links become active, so the therapist's client page shows "Active" once the client
// has signed in. Anyone else's session changes nothing.
import { Databases, Query, Users } from 'node-appwrite';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { CLIENT_LABEL } from '../../lib/portal.js';

/** @typedef {import('../../lib/execution.js').Context} Context */

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  const session = readBody(req.bodyText);
  const userId = typeof session.userId === 'string' ? session.userId : '';
  if (!userId) return res.json({ success: true, activated: 0 });
  const ids = collectionsFromEnv(process.env);
  const client = serverClient(req);
  try {
    const user = await new Users(client).get({ userId });
    if (!user.labels.includes(CLIENT_LABEL)) return res.json({ success: true, activated: 0 });
    const databases = new Databases(client);
    const invited = await databases.listDocuments({
      databaseId: ids.databaseId, collectionId: ids.portalAccess,
      queries: [Query.equal('clientUserId', userId), Query.equal('status', 'invited'), Query.limit(100)], total: false,
    });
    const now = new Date().toISOString();
    for (const access of invited.documents) {
      await databases.updateDocument({ databaseId: ids.databaseId, collectionId: ids.portalAccess, documentId: access.$id, data: { status: 'active', activatedAt: now } });
    }
    log(`activated ${invited.documents.length} portal link(s)`);
    return res.json({ success: true, activated: invited.documents.length });
  } catch (e) {
    error(`activation failed: ${messageOf(e)}`);
    return res.json({ success: false }, 500);
  }
};
