// Attributes (`/v1/databases/:databaseId/collections/:collectionId/attributes…`, API keys only):
// read as Appwrite's attribute models (attributeString with `encrypt`, attributeEnum,
// attributeInteger…), and, on a deploy target, created per type as Appwrite 1.9's
// Attributes/*/Create.php do — 202 with `status: processing`, `available` once applied. A created
// attribute is an entry of the project document in appwrite.json's own form, applied through the
// same path as the start-time reading (project.ts). What `appwrite push` sends when a pushed
// attribute changed: PATCH …/attributes/<kind>/:key (required, default, size, min/max, elements,
// newKey: Attributes/Action.php updateAttribute, 200) and DELETE …/attributes/:key (204; its values
// are dropped, as Appwrite drops the column).
import type { FastifyInstance } from 'fastify';
import type { AttributeDef, CollectionDef } from '../databases/schema.ts';
import { assertEncryptSize, parseAttribute } from '../databases/schema.ts';
import { assertAttributeFits, KEY_RE } from '../databases/limits.ts';
import { SchemaUpgradeError } from '../databases/schema-upgrade.ts';
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

type UpdateBody = { required: boolean; default?: unknown; size?: number | null; min?: number | null; max?: number | null; elements?: string[]; newKey?: string | null };

/** Which stored attributes a kind's update route may change (Action.php: same type, same string format). */
function kindOf(a: AttributeDef): string {
  if (a.type === 'string') return a.format === '' ? 'string' : a.format;
  return a.type === 'double' ? 'float' : a.type;
}

/** The update body per kind: what Attributes/<Kind>/Update.php takes beyond `required` and `default`. */
function updateBody(kind: string): Record<string, unknown> {
  const create = KINDS[kind]?.body ?? {};
  const extra: Record<string, unknown> = {};
  if (kind === 'string') extra['size'] = { ...(create['size'] as object), type: ['integer', 'null'] };
  if (kind === 'enum') extra['elements'] = create['elements'];
  if (kind === 'integer' || kind === 'float') Object.assign(extra, { min: { ...(create['min'] as object), type: [kind === 'float' ? 'number' : 'integer', 'null'] }, max: { ...(create['max'] as object), type: [kind === 'float' ? 'number' : 'integer', 'null'] } });
  return { required: boolean, default: {}, newKey: { ...key, type: ['string', 'null'] }, ...extra };
}

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

    app.patch<{ Params: Params; Body: UpdateBody }>(`${base}/${kind}/:key`, {
      config: { scope: 'collections.write' },
      schema: { params, body: { type: 'object', properties: updateBody(kind), required: ['required'] } },
    }, async (request) => {
      const c = managedCollection(project, request.params.databaseId, request.params.collectionId);
      const k = request.params.key ?? '';
      const current = c.attributes.get(k);
      if (!current) throw new AppwriteError('attribute_not_found', `Attribute with the requested key '${k}' could not be found.`);
      if (project.statusOf(processingKey(c, 'attribute', k)) !== 'available') throw new AppwriteError('attribute_not_available', `The requested attribute '${k}' is not yet available. Please try again later.`);
      if (kindOf(current) !== kind) throw new AppwriteError('attribute_type_invalid', `The attribute '${k}' type is invalid.`);
      const b = request.body;
      const value = b.default ?? null;
      if (b.required && value !== null) throw new AppwriteError('attribute_default_unsupported', 'Cannot set default value for required attribute');
      if (current.array && value !== null) throw new AppwriteError('attribute_default_unsupported', 'Cannot set default value for array attributes');
      const min = b.min ?? current.min;
      const max = b.max ?? current.max;
      if (min !== null && max !== null && min > max) throw new AppwriteError('attribute_value_invalid', 'Minimum value must be lesser than maximum value');
      if (kind === 'enum' && (!b.elements || b.elements.length === 0)) throw new AppwriteError('attribute_value_invalid', 'Enum elements must not be empty');
      if (kind === 'enum' && value !== null && !b.elements?.includes(String(value))) throw new AppwriteError('attribute_value_invalid', 'Default value not found in elements');
      const newKey = b.newKey && b.newKey !== k ? b.newKey : null;
      if (newKey && c.attributes.has(newKey)) throw new AppwriteError('attribute_already_exists');
      if (newKey && c.indexes.some((i) => i.attributes.includes(k))) throw new AppwriteError('index_dependency', `Attribute '${k}' cannot be renamed or deleted. Please remove the associated index first.`);
      let entry: Record<string, unknown> = {};
      try {
        project.update((document) => {
          const target = collectionEntry(document, c);
          const list = (Array.isArray(target['attributes']) ? target['attributes'] : []) as Array<Record<string, unknown>>;
          target['attributes'] = list.map((raw) => {
            if (raw['key'] !== k) return raw;
            entry = { ...raw, key: newKey ?? k, required: b.required, default: value };
            if (b.size) entry['size'] = b.size;
            if (kind === 'enum') entry['elements'] = b.elements;
            if (kind === 'integer' || kind === 'float') Object.assign(entry, { min, max });
            return entry;
          });
          const def = parseAttribute(entry);
          if (!def) throw new AppwriteError('attribute_type_invalid');
          assertEncryptSize(def);
          assertAttributeFits(c.id, [...c.attributes.values()].filter((a) => a.key !== k), def);
        }, newKey ? { renames: [{ databaseId: c.databaseId, collectionId: c.id, from: k, to: newKey }] } : {});
      } catch (error) {
        // A stored value the change no longer fits: utopia's TruncateException for a narrowed size.
        if (!(error instanceof SchemaUpgradeError)) throw error;
        if (b.size && b.size < current.size) throw new AppwriteError('attribute_invalid_resize');
        throw new AppwriteError('attribute_value_invalid', error.message.split('\n')[1]?.trim());
      }
      return toAttributeModel(parseAttribute(entry) as AttributeDef, at);
    });
  }

  app.delete<{ Params: Params }>(`${base}/:key`, { config: { scope: 'collections.write' }, schema: { params } }, async (request, reply) => {
    const c = managedCollection(project, request.params.databaseId, request.params.collectionId);
    const k = request.params.key ?? '';
    if (!c.attributes.has(k)) throw new AppwriteError('attribute_not_found', `Attribute with the requested key '${k}' could not be found.`);
    if (c.indexes.some((i) => i.attributes.includes(k))) throw new AppwriteError('index_dependency', `Attribute '${k}' cannot be renamed or deleted. Please remove the associated index first.`);
    project.update((document) => {
      const target = collectionEntry(document, c);
      target['attributes'] = (Array.isArray(target['attributes']) ? target['attributes'] : []).filter((raw: Record<string, unknown>) => raw['key'] !== k);
    }, { dropValues: [`${c.id}.${k}`] });
    return reply.code(204).send();
  });
}
