// record-import (issue 17 "Audit log": "a function call for exports and imports"): a client import
// runs in the browser (mf-dashboard/src/clients/import: the clients are written in transactions, and
// each one's creation reaches the audit log through its Appwrite event). When it ends the browser
// calls this with {action: 'import', importId, clientIds}; the function checks the ids name clients
// that are the caller's own and appends one `import` entry to the caller's log (lib/audit-log.js) —
// the browser asks, the server writes, and only about clients that exist and are theirs.
// Its own function rather than a path of `audit`: an import of thousands of clients queues as many
// event executions of `audit`, and this call must not wait behind them.
import { Databases, Query } from 'node-appwrite';
import { appendAuditEntry, requestOrigin } from '../../lib/audit-log.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { ownedBy } from '../../lib/owned-by.js';
import { ID_RE } from '../../lib/ids.js';

/** @typedef {import('../../lib/execution.js').Context} Context */

/** An import's clients, at most (the import's file limit is well below). */
export const IMPORT_MAX_CLIENTS = 10_000;

/**
 * How many of `clientIds` name clients that are the caller's own (ownedBy), read 100 at a time.
 * @param {Databases} databases
 * @param {import('../../lib/collections.js').Collections} ids
 * @param {string[]} clientIds
 * @param {string} userId
 */
async function ownClients(databases, ids, clientIds, userId) {
  let count = 0;
  for (let start = 0; start < clientIds.length; start += 100) {
    const chunk = clientIds.slice(start, start + 100);
    const page = await databases.listDocuments({
      databaseId: ids.databaseId, collectionId: ids.clients,
      queries: [Query.equal('$id', chunk), Query.equal('userId', userId), Query.select(['$id', 'userId', '$permissions']), Query.limit(100)],
      total: false,
    });
    count += page.documents.filter((doc) => ownedBy(doc, userId)).length;
  }
  return count;
}

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  const userId = req.headers['x-appwrite-user-id'] ?? '';
  if (!userId) return res.json({ success: false, error: 'Sign in to import clients.' }, 401);
  const body = readBody(req.bodyText);
  const clientIds = Array.isArray(body.clientIds)
    ? [...new Set(body.clientIds.filter((id) => typeof id === 'string' && ID_RE.test(id)))]
    : [];
  if (body.action !== 'import' || clientIds.length === 0 || clientIds.length > IMPORT_MAX_CLIENTS) {
    return res.json({ success: false, error: 'Send the imported clients.' }, 400);
  }
  const importId = typeof body.importId === 'string' && ID_RE.test(body.importId) ? body.importId : '';
  const ids = collectionsFromEnv(process.env);
  const databases = new Databases(serverClient(req));
  try {
    const count = await ownClients(databases, ids, clientIds, userId);
    if (count === 0) return res.json({ success: false, error: 'None of these clients are yours.' }, 404);
    const entry = await appendAuditEntry(databases, ids, {
      actorId: userId, action: 'import', entityType: 'client_import', entityId: importId, ...requestOrigin(req.headers),
    }, userId);
    log(`recorded import #${String(entry.seq)} (${count} clients)`);
    return res.json({ success: true, error: null, seq: entry.seq, clients: count });
  } catch (e) {
    error(`import not recorded: ${messageOf(e)}`);
    return res.json({ success: false, error: 'Could not record the import.' }, 500);
  }
};
