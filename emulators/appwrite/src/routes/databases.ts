// Documents (`/v1/databases/…/collections/…/documents`) and the same operations under TablesDB
// names (`/v1/tablesdb/…/tables/…/rows`): the v27 Web SDK ships both classes (PROTOCOL §3.1).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isoDate } from '../clock.ts';
import type { PluginOptions } from '../context.ts';
import type { AbuseRule } from '../rate-limit.ts';
import { actorOf } from '../databases/actor.ts';
import { loadRenames, upgradeDocuments } from '../databases/schema-upgrade.ts';
import { DocumentRepository, ensureIndexes, migrateDocuments, type DocumentRow } from '../databases/document-repository.ts';
import { DocumentsService, toModel, type Flavor, type ReadRequest } from '../databases/documents-service.ts';
import { preferredEncoding } from '../compression.ts';
import { ReadCache } from '../databases/read-cache.ts';
import { ReadPool } from '../databases/read-pool.ts';
import { sharedPlugin } from '../plugins/shared-plugin.ts';
import type { CollectionDef } from '../databases/schema.ts';
import { TransactionsService } from '../databases/transactions.ts';
import { AppwriteError } from '../errors.ts';
import { isAllowed } from '../permissions.ts';
import { DOCUMENT_EVENT, documentParams, emitEvent } from '../functions/events-plugin.ts';
import { attributeRoutes } from './attributes.ts';
import { schemaRoutes } from './schema-admin.ts';
import { transactionRoutes } from './transactions.ts';

const permissionsSchema = {
  type: 'array',
  items: { type: 'string' },
  maxItems: 100,
  description: 'Permissions must be an array of strings with at most 100 items.',
} as const;
// PROTOCOL §3.3: document writes 120 / 60 s, deletes 60 / 60 s, per ip+method+route+user; reads unlimited.
const WRITE_KEYS = ['ip:{ip},method:{method},url:{url},userId:{userId}'];
const WRITE_LIMIT: AbuseRule = { limit: 120, window: 60, keys: WRITE_KEYS };
const DELETE_LIMIT: AbuseRule = { limit: 60, window: 60, keys: WRITE_KEYS };

const bulkSchema = { type: 'array', description: 'Value must a valid array no longer than 100 items and Value must be a valid object.' } as const;
const queriesSchema = { type: 'array', items: { type: 'string' }, description: 'Value must a valid array no longer than 100 items and Value must be a valid string and at most 4096 chars' } as const;
const dataSchema = { type: 'object', description: 'Value must be a valid JSON object' } as const;
const numberOrNull = (d: string): { type: 'number'; description: string } => ({ type: 'number', description: d });

/** `queries[0]=…&queries[1]=…` (indexed, as the SDKs send) or `queries[]=…` / `queries=…`. */
function queriesOf(request: FastifyRequest): string[] {
  const params = new URL(request.url, 'http://local').searchParams;
  const indexed: Array<[number, string]> = [];
  for (const [k, v] of params) {
    const m = /^queries(?:\[(\d*)\])?$/.exec(k);
    if (m) indexed.push([m[1] ? Number(m[1]) : indexed.length, v]);
  }
  return indexed.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
}

function totalOf(request: FastifyRequest): boolean {
  const v = new URL(request.url, 'http://local').searchParams.get('total');
  return !(v === 'false' || v === '0');
}

interface Names {
  flavor: Flavor;
  base: string;
  docId: string;
  attr: string;
  list: string;
}

const FLAVORS: Names[] = [
  { flavor: 'document', base: '/v1/databases/:databaseId/collections/:collectionId/documents', docId: 'documentId', attr: 'attribute', list: 'documents' },
  { flavor: 'row', base: '/v1/tablesdb/:databaseId/tables/:collectionId/rows', docId: 'rowId', attr: 'column', list: 'rows' },
];

type Params = { databaseId: string; collectionId: string; id: string; attr: string };
type WriteBody = {
  data?: Record<string, unknown> | null; permissions?: string[] | null; documentId?: string; rowId?: string;
  documents?: unknown[]; rows?: unknown[]; queries?: string[];
};
type StepBody = { value?: number | null; max?: number | null; min?: number | null };

declare module 'fastify' {
  interface FastifyInstance {
    /** Who answers document reads (databases/read-pool.ts): tests wait for its workers and count what they served. */
    documentReads: ReadPool;
    /** Document reads answered again while nothing they could show was written (databases/read-cache.ts): tests count its hits. */
    documentAnswers: ReadCache;
  }
}

// Shared (not encapsulated): `documentReads` decorates the server itself.
export default sharedPlugin<PluginOptions>('appwrite-databases', async (app: FastifyInstance, opts: PluginOptions): Promise<void> => {
  const schema = opts.project.schema;
  migrateDocuments(opts.store.db);
  const renames = await loadRenames(opts.config.renamesModule);
  // At start and before each deployed change: stored documents follow the project's attributes.
  // A deployed attribute deletion drops its values; a deployed new key moves them (routes/attributes.ts).
  opts.project.onApply((next, change) => {
    upgradeDocuments(opts.store.db, next.schema, new Set([...opts.config.dropValues, ...(change.dropValues ?? [])]), [...renames, ...(change.renames ?? [])]);
    ensureIndexes(opts.store.db, next.schema);
  });
  const repository = new DocumentRepository(opts.store.db, schema);
  const service = new DocumentsService(schema, repository, opts.clock);
  const reads = new ReadPool({
    size: opts.config.readWorkers, file: opts.store.db.memory ? '' : opts.store.db.name, project: opts.project, inline: (r) => service.readJson(r),
  });
  const answers = new ReadCache({
    maxBytes: opts.config.readCacheBytes,
    version: (read) => {
      const c = service.collection(read.databaseId, read.collectionId, read.flavor);
      // Who reads every document (a key, the collection's own readers) sees every write. (A cursor's
      // document is one the caller can read: documents-service.ts refuses any other.)
      const all = read.actor.isKey || isAllowed(c.permissions, 'read', read.actor.roles);
      return `${opts.project.version}:${repository.readVersion(c.databaseId, c.id, all ? null : read.actor.roles)}`;
    },
  });
  app.decorate('documentReads', reads);
  app.decorate('documentAnswers', answers);
  app.addHook('onClose', async () => reads.close());
  transactionRoutes(app, new TransactionsService(opts.store.db, service, opts.clock));
  attributeRoutes(app, opts.project, isoDate(opts.clock.now()));
  schemaRoutes(app, opts.project, isoDate(opts.clock.now()));

  for (const n of FLAVORS) {
    const one = `${n.base}/:id`;
    const idParams = { type: 'object', properties: { databaseId: { type: 'string' }, collectionId: { type: 'string' }, id: { type: 'string' } } } as const;
    // Appwrite route scopes: documents.* on the legacy API, rows.* on TablesDB.
    const read = n.flavor === 'row' ? 'rows.read' : 'documents.read';
    const write = n.flavor === 'row' ? 'rows.write' : 'documents.write';
    const collectionOf = (p: Params) => service.collection(p.databaseId, p.collectionId, n.flavor);
    /** The route's event (its response is the payload unless given). */
    const emit = (request: FastifyRequest, c: CollectionDef, doc: DocumentRow, action: string, payload?: unknown) => {
      emitEvent(request, { pattern: DOCUMENT_EVENT[n.flavor](action), params: documentParams(c.databaseId, c.id, doc.id), payload });
    };
    /** Bulk routes: one event per document, named as Documents/Action.php::triggerBulk names them. */
    const emitEach = (request: FastifyRequest, c: CollectionDef, docs: DocumentRow[], action: string) => {
      for (const doc of docs) emitEvent(request, { pattern: DOCUMENT_EVENT.document(action), params: documentParams(c.databaseId, c.id, doc.id), payload: toModel(doc, c, n.flavor) });
    };

    /** listDocuments and getDocument: answered again while nothing they could show was written (read-cache.ts), else by a read worker (read-pool.ts), as the response's text. */
    const readJson = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply, op: ReadRequest['op']) => {
      const { databaseId, collectionId, id } = request.params;
      // Unknown or disabled collections are answered here, before any worker is asked.
      collectionOf(request.params);
      const read: ReadRequest = {
        op, actor: actorOf(request), databaseId, collectionId, documentId: id ?? '', queries: queriesOf(request),
        total: totalOf(request), flavor: n.flavor, listKey: n.list,
      };
      const body = await answers.answer(read, preferredEncoding(request.headers['accept-encoding']), () => reads.read(read));
      const vary = reply.getHeader('vary'); // CORS's `Origin`, when it set one
      reply.type('application/json; charset=utf-8').header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      if (body.encoding) reply.header('content-encoding', body.encoding);
      return reply.send(body.bytes);
    };

    app.get<{ Params: Params }>(n.base, { schema: { params: idParams }, config: { scope: read } }, async (request, reply) => readJson(request, reply, 'list'));

    app.post<{ Params: Params; Body: WriteBody }>(n.base, {
      config: { scope: write, abuse: WRITE_LIMIT },
      schema: {
        params: idParams,
        body: {
          type: 'object',
          properties: { [n.docId]: { type: 'string', description: 'Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can\'t start with a special char' }, data: dataSchema, permissions: permissionsSchema, [n.list]: bulkSchema },
        },
      },
    }, async (request, reply) => {
      const c = collectionOf(request.params);
      const b = request.body ?? {};
      const bulk = b[n.flavor === 'row' ? 'rows' : 'documents'];
      if (bulk !== undefined) {
        if (b.data !== undefined) throw new AppwriteError('general_bad_request');
        const docs = service.createMany(actorOf(request), c, bulk, n.flavor);
        emitEach(request, c, docs, 'create');
        return reply.code(201).send({ total: docs.length, [n.list]: docs.map((d) => toModel(d, c, n.flavor)) });
      }
      const doc = service.create(actorOf(request), c, b[n.flavor === 'row' ? 'rowId' : 'documentId'], b.data, b.permissions, n.flavor);
      emit(request, c, doc, 'create');
      return reply.code(201).send(toModel(doc, c, n.flavor));
    });

    // Bulk methods of node-appwrite (API key only).
    const listOf = (docs: DocumentRow[], c: CollectionDef) => ({ total: docs.length, [n.list]: docs.map((d) => toModel(d, c, n.flavor)) });
    app.put<{ Params: Params; Body: WriteBody }>(n.base, {
      config: { scope: write },
      schema: { params: idParams, body: { type: 'object', properties: { [n.list]: bulkSchema } } },
    }, async (request) => {
      const c = collectionOf(request.params);
      const docs = service.upsertMany(actorOf(request), c, request.body?.[n.flavor === 'row' ? 'rows' : 'documents'], n.flavor);
      emitEach(request, c, docs, 'upsert');
      return listOf(docs, c);
    });
    app.patch<{ Params: Params; Body: WriteBody }>(n.base, {
      config: { scope: write },
      schema: { params: idParams, body: { type: 'object', properties: { data: dataSchema, queries: queriesSchema } } },
    }, async (request) => {
      const c = collectionOf(request.params);
      const docs = service.updateMany(actorOf(request), c, request.body?.data, request.body?.queries ?? [], n.flavor);
      emitEach(request, c, docs, 'update');
      return listOf(docs, c);
    });
    app.delete<{ Params: Params; Body: WriteBody }>(n.base, {
      config: { scope: write },
      schema: { params: idParams, body: { type: 'object', properties: { queries: queriesSchema } } },
    }, async (request) => {
      const c = collectionOf(request.params);
      const docs = service.deleteMany(actorOf(request), c, request.body?.queries ?? [], n.flavor);
      emitEach(request, c, docs, 'delete');
      return listOf(docs, c);
    });

    app.get<{ Params: Params }>(one, { schema: { params: idParams }, config: { scope: read } }, async (request, reply) => readJson(request, reply, 'get'));

    const writeBody = { type: 'object', properties: { data: dataSchema, permissions: permissionsSchema } } as const;
    app.patch<{ Params: Params; Body: WriteBody }>(one, { schema: { params: idParams, body: writeBody }, config: { scope: write, abuse: WRITE_LIMIT } }, async (request) => {
      const c = collectionOf(request.params);
      const b = request.body ?? {};
      const doc = service.update(actorOf(request), c, request.params.id, b.data, b.permissions, n.flavor);
      emit(request, c, doc, 'update');
      return toModel(doc, c, n.flavor);
    });

    // Appwrite's non-transactional upsert never sets a status: 200 (PROTOCOL §3.1).
    app.put<{ Params: Params; Body: WriteBody }>(one, { schema: { params: idParams, body: writeBody }, config: { scope: write, abuse: WRITE_LIMIT } }, async (request) => {
      const c = collectionOf(request.params);
      const b = request.body ?? {};
      const doc = service.upsert(actorOf(request), c, request.params.id, b.data, b.permissions, n.flavor);
      emit(request, c, doc, 'upsert');
      return toModel(doc, c, n.flavor);
    });

    app.delete<{ Params: Params }>(one, { schema: { params: idParams }, config: { scope: write, abuse: DELETE_LIMIT } }, async (request, reply) => {
      const c = collectionOf(request.params);
      const doc = service.delete(actorOf(request), c, request.params.id, n.flavor);
      emit(request, c, doc, 'delete', toModel(doc, c, n.flavor));
      return reply.code(204).send();
    });

    const stepParams = { type: 'object', properties: { ...idParams.properties, attr: { type: 'string' } } } as const;
    for (const [verb, sign, boundKey] of [['increment', 1, 'max'], ['decrement', -1, 'min']] as const) {
      app.patch<{ Params: Params; Body: StepBody }>(`${one}/:attr/${verb}`, {
        config: { scope: write, abuse: WRITE_LIMIT },
        schema: {
          params: stepParams,
          body: { type: 'object', properties: { value: numberOrNull('Value must be a valid number'), [boundKey]: numberOrNull('Value must be a valid number') } },
        },
      }, async (request) => {
          const c = collectionOf(request.params);
        const b = request.body ?? {};
        const doc = service.step(actorOf(request), c, request.params.id, request.params.attr, b.value, b[boundKey], sign, n.flavor);
        emit(request, c, doc, 'update');
        return toModel(doc, c, n.flavor);
      });
    }
  }
});
