// Helpers for Stripe's wire conventions: form params (everything arrives as strings, '' means unset),
// list/search envelopes with cursor pagination, and `expand`.
import type { FastifyRequest } from 'fastify';
import { invalid, missing, StripeError } from './errors.ts';
import { typeOfId } from './ids.ts';
import type { Metadata } from './objects.ts';
import type { StoredObject, Store } from './store.ts';

export type Params = Record<string, unknown>;

/** Body for POST, query string for GET/DELETE (PROTOCOL §1.2). */
export function paramsOf(request: FastifyRequest): Params {
  const source = request.method === 'GET' || request.method === 'DELETE' ? request.query : request.body;
  return source && typeof source === 'object' ? (source as Params) : {};
}

export function obj(p: Params, key: string): Params | undefined {
  const v = p[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Params) : undefined;
}

export function str(p: Params | undefined, key: string): string | undefined {
  const v = p?.[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

// Route schemas (routes/params.ts) have already refused malformed integers and booleans; these only convert.
export function int(p: Params | undefined, key: string): number | undefined {
  const v = str(p, key);
  return v === undefined ? undefined : Number(v);
}

export function bool(p: Params | undefined, key: string): boolean | undefined {
  const v = str(p, key);
  return v === undefined ? undefined : v === 'true';
}

/** qs turns `a[0]=x&a[1]=y` into an array, but an object when indices are sparse; accept both. */
export function list(p: Params | undefined, key: string): unknown[] {
  const v = p?.[key];
  if (Array.isArray(v)) return v;
  if (v && typeof v === 'object') return Object.values(v);
  if (typeof v === 'string' && v !== '') return [v];
  return [];
}

/** Merges posted metadata: `metadata[k]=` removes k, `metadata=` clears all. */
export function mergeMetadata(current: Metadata, p: Params, key = 'metadata'): Metadata {
  const raw = p[key];
  if (raw === '') return {};
  if (!raw || typeof raw !== 'object') return current;
  const next: Metadata = { ...current };
  for (const [k, v] of Object.entries(raw as Params)) {
    if (v === '' || v === undefined) delete next[k];
    else next[k] = String(v);
  }
  return next;
}

export interface ListEnvelope<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** `limit` of a list or search page: 1–100, default 10. */
function pageLimit(p: Params): number {
  const limit = int(p, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalid('Invalid limit: must be between 1 and 100', 'limit', 'parameter_invalid_integer');
  return limit;
}

/** `limit`, `starting_after`, `ending_before` over newest-first items. */
export function paginate<T extends { id: string }>(items: T[], p: Params, url: string): ListEnvelope<T> {
  const limit = pageLimit(p);
  const after = str(p, 'starting_after');
  const before = str(p, 'ending_before');
  if (before) {
    const index = items.findIndex((i) => i.id === before);
    if (index < 0) throw missing('object', before, 'ending_before');
    const start = Math.max(0, index - limit);
    return { object: 'list', data: items.slice(start, index), has_more: start > 0, url };
  }
  let start = 0;
  if (after) {
    const index = items.findIndex((i) => i.id === after);
    if (index < 0) throw missing('object', after, 'starting_after');
    start = index + 1;
  }
  return { object: 'list', data: items.slice(start, start + limit), has_more: start + limit < items.length, url };
}

/** `created` as an integer or `{gt,gte,lt,lte}`. */
export function createdFilter(p: Params): (created: number) => boolean {
  const exact = str(p, 'created');
  if (exact !== undefined) return (c) => c === Number(exact);
  const range = obj(p, 'created');
  if (!range) return () => true;
  const gt = int(range, 'gt'), gte = int(range, 'gte'), lt = int(range, 'lt'), lte = int(range, 'lte');
  return (c) => (gt === undefined || c > gt) && (gte === undefined || c >= gte) && (lt === undefined || c < lt) && (lte === undefined || c <= lte);
}

/**
 * Stripe's search language, the subset clients use: `field:'v'`, `field~'v'` (contains), `metadata['k']:'v'`,
 * `-field:'v'` (negation), joined by AND or OR (not both, as Stripe requires).
 */
export function searchMatcher(query: string): (o: StoredObject) => boolean {
  const clause = /(-?)([a-z_]+)(?:\[['"]([^'"]+)['"]\])?\s*(:|~|>=|<=|>|<)\s*(?:'([^']*)'|"([^"]*)"|(\S+))/gi;
  const clauses: Array<(o: StoredObject) => boolean> = [];
  for (const m of query.matchAll(clause)) {
    const [, neg, field = '', key, op, a, b, c] = m;
    const want = a ?? b ?? c ?? '';
    const test = (o: StoredObject): boolean => {
      const raw = key !== undefined ? (o[field] as Record<string, unknown> | undefined)?.[key] : o[field];
      if (raw === null || raw === undefined) return false;
      const have = String(raw);
      switch (op) {
        case '~': return have.toLowerCase().includes(want.toLowerCase());
        case '>': return Number(have) > Number(want);
        case '<': return Number(have) < Number(want);
        case '>=': return Number(have) >= Number(want);
        case '<=': return Number(have) <= Number(want);
        default: return have === want;
      }
    };
    clauses.push(neg ? (o) => !test(o) : test);
  }
  if (clauses.length === 0) throw invalid(`Invalid search query: ${query}`, 'query', 'parameter_invalid_string');
  const eitherClause = /\sOR\s/.test(query);
  return (o) => (eitherClause ? clauses.some((t) => t(o)) : clauses.every((t) => t(o)));
}

export function searchResult<T>(items: T[], p: Params, url: string): Record<string, unknown> {
  const limit = pageLimit(p);
  const page = Number(str(p, 'page') ?? '0') || 0;
  const data = items.slice(page, page + limit);
  const more = page + limit < items.length;
  return { object: 'search_result', data, has_more: more, next_page: more ? String(page + limit) : null, url, total_count: items.length };
}

/** Loads the object an id points at, or undefined when the id is not one this server knows. */
function resolve(store: Store, id: string): StoredObject | undefined {
  const type = typeOfId(id);
  if (!type) return undefined;
  return store.get(type, id);
}

export type Includer = (object: Record<string, unknown>, field: string) => unknown;

function expandPath(store: Store, node: unknown, path: string[], render: (o: StoredObject) => StoredObject, include: Includer): unknown {
  if (path.length === 0 || node === null || typeof node !== 'object') return node;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(node)) return node.map((n) => expandPath(store, n, path, render, include));
  const record = node as Record<string, unknown>;
  let value = head in record ? record[head] : include(record, head);
  if (value === undefined) throw invalid(`This property cannot be expanded (${head}).`, 'expand', 'parameter_invalid_string');
  if (typeof value === 'string') {
    const loaded = resolve(store, value);
    if (loaded) value = render(loaded);
  }
  return { ...record, [head]: expandPath(store, value, rest, render, include) };
}

/** Applies `expand[]` paths (dotted, `data.` for list items) to a response. */
export function applyExpand<T>(store: Store, result: T, p: Params, render: (o: StoredObject) => StoredObject, include: Includer): T {
  const paths = list(p, 'expand').filter((e): e is string => typeof e === 'string');
  let out: unknown = result;
  for (const path of paths) {
    const parts = path.split('.');
    if (parts.length > 4) throw new StripeError(400, 'invalid_request_error', `You cannot expand more than 4 levels of a property. Property: ${path}`);
    out = expandPath(store, out, parts, render, include);
  }
  return out as T;
}
