// Attributes (`/v1/databases/:databaseId/collections/:collectionId/attributes…`, API keys only):
// read as Appwrite's attribute models (attributeString with `encrypt`, attributeEnum,
// attributeInteger…), and, on a deploy target, created per type as Appwrite 1.9's
// Attributes/*/Create.php do — 202 with `status: processing`, `available` once applied. A created
// attribute is an entry of the project document in appwrite.json's own form, applied through the
// same path as the start-time reading (project.ts).
import type { FastifyInstance } from 'fastify';
import type { AttributeDef, CollectionDef } from '../databases/schema.ts';
import { assertEncryptSize, parseAttribute } from '../databases/schema.ts';
import { assertAttributeFits, KEY_RE } from '../databases/limits.ts';
import { AppwriteError } from '../errors.ts';
import type { Project } from '../project.ts';
import { CUSTOM_ID_DESCRIPTION } from '../ids.ts';
import { boolean } from './params.ts';

type Params = { databaseId: string; collectionId: string; key?: string };
const params = { type: 'object', properties: { databaseId: { type: 'string' }, collectionId: { type: 'string' }, key: { type: 'string' } } } as const;

/** The response model of one attribute (open-api3 1.8.x `attribute*`). */
export function toAttributeModel(a: AttributeDef, at: string, status: 'available' | 'processing' = 'available'): Record<string, unknown> {
  const base = { key: a.key, type: a.type, status, error: '', required: a.required, array: a.array, $createdAt: at, $updatedAt: at };
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

/** The key a created attribute or index is tracked by while `processing`. */
export function processingKey(c: Pick<CollectionDef, 'databaseId' | 'id'>, kind: 'attribute' | 'index', key: string): string {
  return `${c.databaseId}/${c.id}/${kind}/${key}`;
}

/** A database's collection for the management API (disabled ones included, as Appwrite's console sees them). */
export function managedCollection(project: Project, databaseId: string, collectionId: string): CollectionDef {
  const db = project.schema.get(databaseId);
  if (!db) throw new AppwriteError('database_not_found', `Database with the requested ID '${databaseId}' could not be found.`);
  const c = db.collections.get(collectionId);
  if (!c) throw new AppwriteError('collection_not_found', `Collection with the requested ID '${collectionId}' could not be found.`);
  return c;
}

/** The collection's entry in the project document (for a change). */
export function collectionEntry(document: { collections: Array<Record<string, unknown>> }, c: Pick<CollectionDef, 'databaseId' | 'id'>): Record<string, unknown> {
  const entry = document.collections.find((e) => e['$id'] === c.id && e['databaseId'] === c.databaseId);
  if (!entry) throw new AppwriteError('collection_not_found');
  return entry;
}

type CreateBody = {
  key: string; required: boolean; array?: boolean; default?: unknown;
  size?: number; encrypt?: boolean; elements?: string[]; min?: number; max?: number;
};

/** utopia's Key validator (Database::MAX_UID_DEFAULT_LENGTH): attribute keys are 36 characters at most. */
const key = { type: 'string', pattern: KEY_RE.source, description: CUSTOM_ID_DESCRIPTION } as const;
const number = { type: 'number', description: 'Value must be a valid number' } as const;
const common = { key, required: boolean, array: boolean } as const;

/** The route per Appwrite attribute kind → its appwrite.json entry (sizes as Appwrite fixes them). */
const KINDS: Record<string, { body: Record<string, unknown>; required?: string[]; entry: (b: CreateBody) => Record<string, unknown> }> = {
  string: {
    body: { ...common, size: { type: 'integer', minimum: 1, maximum: 1_073_741_824, description: 'Value must be a valid range between 1 and 1,073,741,824' }, default: { type: 'string' }, encrypt: boolean },
    required: ['size'],
    entry: (b) => ({ type: 'string', size: b.size, ...(b.encrypt ? { encrypt: true } : {}) }),
  },
  email: { body: { ...common, default: { type: 'string' } }, entry: () => ({ type: 'string', format: 'email' }) },
  url: { body: { ...common, default: { type: 'string' } }, entry: () => ({ type: 'string', format: 'url' }) },
  ip: { body: { ...common, default: { type: 'string' } }, entry: () => ({ type: 'string', format: 'ip' }) },
  enum: {
    body: { ...common, elements: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string', minLength: 1, maxLength: 255 }, description: 'Value must a valid array no longer than 1000 items and Value must be a valid string and at least 1 chars and no longer than 255 chars' }, default: { type: 'string' } },
    required: ['elements'],
    entry: (b) => ({ type: 'string', format: 'enum', elements: b.elements }),
  },
  integer: { body: { ...common, min: { type: 'integer' }, max: { type: 'integer' }, default: { type: 'integer' } }, entry: (b) => ({ type: 'integer', min: b.min ?? null, max: b.max ?? null }) },
  float: { body: { ...common, min: number, max: number, default: number }, entry: (b) => ({ type: 'double', min: b.min ?? null, max: b.max ?? null }) },
  boolean: { body: { ...common, default: boolean }, entry: () => ({ type: 'boolean' }) },
  datetime: { body: { ...common, default: { type: 'string' } }, entry: () => ({ type: 'datetime', format: '' }) },
};

/** `at`: when the schema was loaded (the attributes' $createdAt and $updatedAt). */
export function attributeRoutes(app: FastifyInstance, project: Project, at: string): void {
  const base = '/v1/databases/:databaseId/collections/:collectionId/attributes';
  const read = { scope: 'collections.read' };
  const model = (c: CollectionDef, a: AttributeDef) => toAttributeModel(a, at, project.statusOf(processingKey(c, 'attribute', a.key)));
  app.get<{ Params: Params }>(base, { config: read, schema: { params } }, async (request) => {
    const c = managedCollection(project, request.params.databaseId, request.params.collectionId);
    const attributes = [...c.attributes.values()].map((a) => model(c, a));
    return { total: attributes.length, attributes };
  });
  app.get<{ Params: Params }>(`${base}/:key`, { config: read, schema: { params } }, async (request) => {
    const c = managedCollection(project, request.params.databaseId, request.params.collectionId);
    const k = request.params.key ?? '';
    const a = c.attributes.get(k);
    if (!a) throw new AppwriteError('attribute_not_found', `Attribute with the requested key '${k}' could not be found.`);
    return model(c, a);
  });

  for (const [kind, spec] of Object.entries(KINDS)) {
    app.post<{ Params: Params; Body: CreateBody }>(`${base}/${kind}`, {
      config: { scope: 'collections.write' },
      schema: { params, body: { type: 'object', properties: spec.body, required: ['key', 'required', ...(spec.required ?? [])] } },
    }, async (request, reply) => {
      const c = managedCollection(project, request.params.databaseId, request.params.collectionId);
      const b = request.body;
      if (c.attributes.has(b.key)) throw new AppwriteError('attribute_already_exists');
      if (b.required && b.default !== undefined) throw new AppwriteError('attribute_default_unsupported', 'Cannot set default value for required attribute');
      const entry = { key: b.key, required: b.required, array: b.array === true, default: b.default ?? null, ...spec.entry(b) };
      const def = parseAttribute(entry);
      if (!def) throw new AppwriteError('attribute_type_invalid');
      assertEncryptSize(def);
      assertAttributeFits(c.id, c.attributes.values(), def);
      if (def.format === 'enum' && def.default !== null && !def.elements.includes(String(def.default))) {
        throw new AppwriteError('attribute_value_invalid', 'Default value not found in elements');
      }
      project.update((document) => {
        const target = collectionEntry(document, c);
        target['attributes'] = [...(Array.isArray(target['attributes']) ? target['attributes'] : []), entry];
      });
      project.startProcessing(processingKey(c, 'attribute', def.key));
      return reply.code(202).send(toAttributeModel(def, at, 'processing'));
    });
  }
}
