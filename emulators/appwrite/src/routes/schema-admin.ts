// Databases, collections and indexes for API keys (`/v1/databases…`): read as Appwrite's `database`,
// `collection` and `index` models, and, on a deploy target, created and updated as Appwrite 1.9
// answers them (the calls `appwrite push collections` makes). Each change is an edit of the project
// document applied like the start-time reading (project.ts); indexes answer 202 `processing`.
import type { FastifyInstance } from 'fastify';
import { assertIndexable, parseIndex, type CollectionDef, type DatabaseDef } from '../databases/schema.ts';
import { assertIndexFits, KEY_RE } from '../databases/limits.ts';
import { AppwriteError } from '../errors.ts';
import { CUSTOM_ID_DESCRIPTION, resolveCustomId } from '../ids.ts';
import type { Project, ProjectDocument } from '../project.ts';
import { collectionEntry, managedCollection, processingKey, toAttributeModel } from './attributes.ts';
import { boolean, customId, text } from './params.ts';

/** Attributes every document has, which an index may name too. */
const SYSTEM_ATTRIBUTES = ['$id', '$createdAt', '$updatedAt', '$sequence'];

type DbParams = { databaseId: string };
type ColParams = { databaseId: string; collectionId: string; key?: string };
const permissions = { type: 'array', maxItems: 100, items: { type: 'string' }, description: 'Permissions must be an array of strings with at most 100 items.' } as const;

function databaseOf(project: Project, databaseId: string): DatabaseDef {
  const db = project.schema.get(databaseId);
  if (!db) throw new AppwriteError('database_not_found', `Database with the requested ID '${databaseId}' could not be found.`);
  return db;
}

function databaseEntry(document: ProjectDocument, databaseId: string): Record<string, unknown> {
  const entry = document.databases.find((d) => d['$id'] === databaseId);
  if (!entry) throw new AppwriteError('database_not_found');
  return entry;
}

export function schemaRoutes(app: FastifyInstance, project: Project, at: string): void {
  const databaseModel = (d: DatabaseDef) => ({ $id: d.id, name: d.name, $createdAt: at, $updatedAt: at, enabled: d.enabled, type: 'legacy' });
  const indexModel = (c: CollectionDef, i: CollectionDef['indexes'][number], status = project.statusOf(processingKey(c, 'index', i.key))) => ({
    $id: i.key, $createdAt: at, $updatedAt: at, key: i.key, type: i.type, status, error: '', attributes: i.attributes, lengths: i.attributes.map(() => null), orders: i.orders,
  });
  const collectionModel = (c: CollectionDef) => ({
    $id: c.id, $createdAt: at, $updatedAt: at, $permissions: c.permissions, databaseId: c.databaseId, name: c.name,
    enabled: c.enabled, documentSecurity: c.documentSecurity,
    attributes: [...c.attributes.values()].map((a) => toAttributeModel(a, at, project.statusOf(processingKey(c, 'attribute', a.key)))),
    indexes: c.indexes.map((i) => indexModel(c, i)),
  });

  const dbRead = { scope: 'databases.read' };
  const dbWrite = { scope: 'databases.write' };
  app.get('/v1/databases', { config: dbRead }, async () => {
    const databases = [...project.schema.values()].map(databaseModel);
    return { total: databases.length, databases };
  });
  app.get<{ Params: DbParams }>('/v1/databases/:databaseId', { config: dbRead }, async (request) => databaseModel(databaseOf(project, request.params.databaseId)));
  app.post<{ Body: { databaseId: string; name: string; enabled?: boolean } }>('/v1/databases', {
    config: dbWrite,
    schema: { body: { type: 'object', properties: { databaseId: customId, name: text(128), enabled: boolean }, required: ['databaseId', 'name'] } },
  }, async (request, reply) => {
    const id = resolveCustomId(request.body.databaseId);
    if (project.schema.has(id)) throw new AppwriteError('database_already_exists');
    project.update((document) => { document.databases.push({ $id: id, name: request.body.name, enabled: request.body.enabled !== false }); });
    return reply.code(201).send(databaseModel(databaseOf(project, id)));
  });
  app.put<{ Params: DbParams; Body: { name: string; enabled?: boolean } }>('/v1/databases/:databaseId', {
    config: dbWrite,
    schema: { body: { type: 'object', properties: { name: text(128), enabled: boolean }, required: ['name'] } },
  }, async (request) => {
    const { databaseId } = request.params;
    databaseOf(project, databaseId);
    project.update((document) => Object.assign(databaseEntry(document, databaseId), { name: request.body.name, enabled: request.body.enabled !== false }));
    return databaseModel(databaseOf(project, databaseId));
  });

  const colRead = { scope: 'collections.read' };
  const colWrite = { scope: 'collections.write' };
  const base = '/v1/databases/:databaseId/collections';
  app.get<{ Params: DbParams }>(base, { config: colRead }, async (request) => {
    const collections = [...databaseOf(project, request.params.databaseId).collections.values()].map(collectionModel);
    return { total: collections.length, collections };
  });
  app.get<{ Params: ColParams }>(`${base}/:collectionId`, { config: colRead }, async (request) =>
    collectionModel(managedCollection(project, request.params.databaseId, request.params.collectionId)));
  type ColBody = { collectionId: string; name: string; permissions?: string[]; documentSecurity?: boolean; enabled?: boolean };
  const colBody = { name: text(128), permissions, documentSecurity: boolean, enabled: boolean };
  app.post<{ Params: DbParams; Body: ColBody }>(base, {
    config: colWrite,
    schema: { body: { type: 'object', properties: { collectionId: customId, ...colBody }, required: ['collectionId', 'name'] } },
  }, async (request, reply) => {
    const { databaseId } = request.params;
    const id = resolveCustomId(request.body.collectionId);
    if (databaseOf(project, databaseId).collections.has(id)) throw new AppwriteError('collection_already_exists');
    const b = request.body;
    project.update((document) => {
      document.collections.push({
        $id: id, $permissions: b.permissions ?? [], databaseId, name: b.name, enabled: b.enabled !== false,
        documentSecurity: b.documentSecurity === true, attributes: [], indexes: [],
      });
    });
    return reply.code(201).send(collectionModel(managedCollection(project, databaseId, id)));
  });
  app.put<{ Params: ColParams; Body: Omit<ColBody, 'collectionId'> }>(`${base}/:collectionId`, {
    config: colWrite,
    schema: { body: { type: 'object', properties: colBody, required: ['name'] } },
  }, async (request) => {
    const c = managedCollection(project, request.params.databaseId, request.params.collectionId);
    const b = request.body;
    project.update((document) => {
      const entry = collectionEntry(document, c);
      entry['name'] = b.name;
      if (b.permissions !== undefined) entry['$permissions'] = b.permissions;
      if (b.documentSecurity !== undefined) entry['documentSecurity'] = b.documentSecurity;
      if (b.enabled !== undefined) entry['enabled'] = b.enabled;
    });
    return collectionModel(managedCollection(project, c.databaseId, c.id));
  });

  const indexes = `${base}/:collectionId/indexes`;
  app.get<{ Params: ColParams }>(indexes, { config: colRead }, async (request) => {
    const c = managedCollection(project, request.params.databaseId, request.params.collectionId);
    return { total: c.indexes.length, indexes: c.indexes.map((i) => indexModel(c, i)) };
  });
  app.get<{ Params: ColParams }>(`${indexes}/:key`, { config: colRead }, async (request) => {
    const c = managedCollection(project, request.params.databaseId, request.params.collectionId);
    const index = c.indexes.find((i) => i.key === request.params.key);
    if (!index) throw new AppwriteError('index_not_found', `Index with the requested key '${request.params.key ?? ''}' could not be found.`);
    return indexModel(c, index);
  });
  type IndexBody = { key: string; type: string; attributes: string[]; orders?: string[] };
  app.post<{ Params: ColParams; Body: IndexBody }>(indexes, {
    config: colWrite,
    schema: {
      body: {
        type: 'object',
        properties: {
          key: { type: 'string', pattern: KEY_RE.source, description: CUSTOM_ID_DESCRIPTION },
          type: { type: 'string', enum: ['key', 'fulltext', 'unique', 'spatial'], description: 'Value must be one of (key, fulltext, unique, spatial)' },
          attributes: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'string' }, description: 'Value must a valid array no longer than 100 items and Value must be a valid string and at least 1 chars and no longer than 36 chars' },
          orders: { type: 'array', maxItems: 100, items: { type: 'string' }, description: 'Value must a valid array no longer than 100 items and Value must be one of (ASC, DESC)' },
        },
        required: ['key', 'type', 'attributes'],
      },
    },
  }, async (request, reply) => {
    const c = managedCollection(project, request.params.databaseId, request.params.collectionId);
    const b = request.body;
    if (c.indexes.some((i) => i.key === b.key)) throw new AppwriteError('index_already_exists');
    const entry = { key: b.key, type: b.type, status: 'available', attributes: b.attributes, orders: b.orders ?? [] };
    const index = parseIndex(entry);
    if (!index) throw new AppwriteError('index_invalid', 'Index type is not supported here.');
    for (const attribute of index.attributes) {
      if (!c.attributes.has(attribute) && !SYSTEM_ATTRIBUTES.includes(attribute)) throw new AppwriteError('attribute_unknown', `The requested attribute '${attribute}' could not be found.`);
    }
    assertIndexable(index, c.attributes);
    assertIndexFits(c.id, index, c.attributes, c.indexes.length);
    project.update((document) => {
      const target = collectionEntry(document, c);
      target['indexes'] = [...(Array.isArray(target['indexes']) ? target['indexes'] : []), entry];
    });
    project.startProcessing(processingKey(c, 'index', index.key));
    return reply.code(202).send(indexModel(c, index, 'processing'));
  });
  // What `appwrite push` does to an index that changed: delete it (204), then create it again.
  app.delete<{ Params: ColParams }>(`${indexes}/:key`, { config: colWrite }, async (request, reply) => {
    const c = managedCollection(project, request.params.databaseId, request.params.collectionId);
    const k = request.params.key ?? '';
    if (!c.indexes.some((i) => i.key === k)) throw new AppwriteError('index_not_found', `Index with the requested key '${k}' could not be found.`);
    project.update((document) => {
      const target = collectionEntry(document, c);
      target['indexes'] = (Array.isArray(target['indexes']) ? target['indexes'] : []).filter((raw: Record<string, unknown>) => raw['key'] !== k);
    });
    return reply.code(204).send();
  });
}
