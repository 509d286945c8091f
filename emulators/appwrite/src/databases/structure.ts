// Document structure validation against attribute definitions, with utopia-php/database's
// Structure validator wording ("Invalid document structure: …") → `document_invalid_structure`.
import { isIP } from 'node:net';
import { isoDate } from '../clock.ts';
import { AppwriteError } from '../errors.ts';
import type { AttributeDef, CollectionDef } from './schema.ts';

export type DocData = Record<string, unknown>;

function structureError(detail: string): AppwriteError {
  return new AppwriteError('document_invalid_structure', `Invalid document structure: ${detail}`);
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Appwrite stores datetimes as UTC with milliseconds and an explicit offset (PROTOCOL §1.8). */
export function formatDate(d: Date): string {
  return isoDate(d.getTime());
}

/** Validates one element; returns the value as stored (datetimes normalised). */
function checkValue(attr: AttributeDef, value: unknown, label: string): unknown {
  const bad = (desc: string): AppwriteError => structureError(`Attribute "${label}" has invalid type. ${desc}`);
  switch (attr.type) {
    case 'string': {
      if (typeof value !== 'string') throw bad(`Value must be a valid string and at most ${attr.size} chars`);
      if (value.length > attr.size) throw bad(`Value must be a valid string and at most ${attr.size} chars`);
      if (attr.format === 'email' && !EMAIL_RE.test(value)) throw bad('Value must be a valid email address');
      if (attr.format === 'url') {
        if (!isHttpUrl(value)) throw bad('Value must be a valid URL');
      }
      if (attr.format === 'ip' && isIP(value) === 0) throw bad('Value must be a valid IP address');
      if (attr.format === 'enum' && !attr.elements.includes(value)) throw bad(`Value must be one of (${attr.elements.join(', ')})`);
      return value;
    }
    case 'integer':
    case 'double': {
      const isInt = attr.type === 'integer';
      if (typeof value !== 'number' || !Number.isFinite(value) || (isInt && !Number.isInteger(value))) {
        throw bad(`Value must be a valid ${isInt ? 'integer' : 'float'}`);
      }
      const min = attr.min ?? -Number.MAX_SAFE_INTEGER;
      const max = attr.max ?? Number.MAX_SAFE_INTEGER;
      if (value < min || value > max) {
        throw bad(`Value must be a valid range between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')}`);
      }
      return value;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw bad('Value must be a valid boolean');
      return value;
    case 'datetime': {
      const d = typeof value === 'string' ? new Date(value) : null;
      if (!d || Number.isNaN(d.getTime())) throw bad('Value must be valid date with ISO 8601 format.');
      return formatDate(d);
    }
  }
}

/**
 * Validate a full document's attributes (create, upsert, and the merged result of an update).
 * Returns the stored form: every attribute of the collection present (default or null), as
 * Appwrite outputs them.
 */
export function validateDocument(collection: CollectionDef, data: DocData): DocData {
  const out: DocData = {};
  for (const key of Object.keys(data)) {
    if (key.startsWith('$')) continue;
    if (!collection.attributes.has(key)) throw structureError(`Unknown attribute: "${key}"`);
  }
  for (const attr of collection.attributes.values()) {
    // Own keys only: an inherited `constructor` or `toString` is not a value the client sent.
    let value = Object.hasOwn(data, attr.key) ? data[attr.key] : undefined;
    if (value === undefined) value = attr.default ?? null;
    if (value === null) {
      if (attr.required) throw structureError(`Missing required attribute "${attr.key}"`);
      out[attr.key] = null;
      continue;
    }
    if (attr.array) {
      if (!Array.isArray(value)) throw structureError(`Attribute "${attr.key}" must be an array`);
      out[attr.key] = value.map((v, i) => checkValue(attr, v, `${attr.key}[${i}]`));
    } else {
      if (Array.isArray(value)) throw structureError(`Attribute "${attr.key}" must not be an array`);
      out[attr.key] = checkValue(attr, value, attr.key);
    }
  }
  return out;
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
