// `GET /v1/databases/:databaseId/collections/:collectionId/attributes[/:key]` (scope
// collections.read: API keys only): the attributes appwrite.json declares, as Appwrite's attribute
// models (attributeString with `encrypt`, attributeEnum, attributeInteger…), all `available`.
// The schema is appwrite.json's, so there is nothing to create or delete here.
import type { FastifyInstance } from 'fastify';
import type { DocumentsService } from '../databases/documents-service.ts';
import type { AttributeDef } from '../databases/schema.ts';
import { AppwriteError } from '../errors.ts';

type Params = { databaseId: string; collectionId: string; key?: string };
const params = { type: 'object', properties: { databaseId: { type: 'string' }, collectionId: { type: 'string' }, key: { type: 'string' } } } as const;

/** The response model of one attribute (open-api3 1.8.x `attribute*`). */
export function toAttributeModel(a: AttributeDef, at: string): Record<string, unknown> {
  const base = { key: a.key, type: a.type, status: 'available', error: '', required: a.required, array: a.array, $createdAt: at, $updatedAt: at };
  switch (a.type) {
    case 'string':
      if (a.format === 'enum') return { ...base, elements: a.elements, format: 'enum', default: a.default };
      if (a.format === 'email' || a.format === 'url' || a.format === 'ip') return { ...base, format: a.format, default: a.default };
      return { ...base, size: a.size, default: a.default, encrypt: a.encrypt };
    case 'integer':
    case 'double':
      return { ...base, min: a.min, max: a.max, default: a.default };
    case 'datetime':
      return { ...base, format: 'datetime', default: a.default };
    case 'boolean':
      return { ...base, default: a.default };
  }
}

/** `at`: when the schema was loaded (the attributes' $createdAt and $updatedAt). */
export function attributeRoutes(app: FastifyInstance, documents: DocumentsService, at: string): void {
  const base = '/v1/databases/:databaseId/collections/:collectionId/attributes';
  const config = { scope: 'collections.read' };
  app.get<{ Params: Params }>(base, { config, schema: { params } }, async (request) => {
    const c = documents.collection(request.params.databaseId, request.params.collectionId, 'document');
    const attributes = [...c.attributes.values()].map((a) => toAttributeModel(a, at));
    return { total: attributes.length, attributes };
  });
  app.get<{ Params: Params }>(`${base}/:key`, { config, schema: { params } }, async (request) => {
    const c = documents.collection(request.params.databaseId, request.params.collectionId, 'document');
    const key = request.params.key ?? '';
    const a = c.attributes.get(key);
    if (!a) throw new AppwriteError('attribute_not_found', `Attribute with the requested key '${key}' could not be found.`);
    return toAttributeModel(a, at);
  });
}
