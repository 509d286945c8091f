// Appwrite list queries: parse the JSON strings the v27 SDKs send (`Query.*` → `{"method","attribute","values"}`,
// PROTOCOL §1.5) and compile them to SQLite. Shared by the documents list and the Users list, so the
// storage specifics stay behind a `ColumnResolver`.
import { isoDate } from './clock.ts';
import { AppwriteError } from './errors.ts';

export type Scalar = string | number | boolean | null;

/** Appwrite limits (PROTOCOL §1.5, §6). */
export const QUERY_LIMITS = {
  maxQueries: 100,
  maxQueryLength: 4096,
  defaultLimit: 25,
  maxLimit: 5000,
  maxOffset: 5000,
  maxValues: 100,
} as const;

const FILTER_METHODS = [
  'equal', 'notEqual', 'lessThan', 'lessThanEqual', 'greaterThan', 'greaterThanEqual',
  'between', 'notBetween', 'isNull', 'isNotNull', 'startsWith', 'notStartsWith', 'endsWith',
  'notEndsWith', 'contains', 'containsAny', 'containsAll', 'notContains', 'search', 'notSearch',
] as const;
export type FilterMethod = (typeof FILTER_METHODS)[number];

export interface FilterCondition {
  kind: 'filter';
  method: FilterMethod;
  attribute: string;
  values: Scalar[];
}
export interface LogicalCondition {
  kind: 'logical';
  method: 'and' | 'or';
  conditions: Condition[];
}
export type Condition = FilterCondition | LogicalCondition;

export interface Order {
  attribute: string;
  direction: 'ASC' | 'DESC';
}

export interface ParsedQueries {
  conditions: Condition[];
  select: string[] | null;
  orders: Order[];
  limit: number;
  /** whether a `limit` query was given (bulk operations act on every match otherwise) */
  explicitLimit: boolean;
  offset: number;
  cursor: { direction: 'after' | 'before'; id: string } | null;
}

function invalid(message: string): AppwriteError {
  return new AppwriteError('general_query_invalid', `Invalid query: ${message}`);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isScalar(v: unknown): v is Scalar {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

function isFilterMethod(m: string): m is FilterMethod {
  return (FILTER_METHODS as readonly string[]).includes(m);
}

/** Values counts as utopia-php/database's Filter validator demands them. */
function checkArity(method: FilterMethod, attribute: string, values: Scalar[]): void {
  const n = values.length;
  switch (method) {
    case 'isNull':
    case 'isNotNull':
      return;
    case 'between':
    case 'notBetween':
      if (n !== 2) throw invalid(`${method[0]?.toUpperCase()}${method.slice(1)} queries require exactly two values.`);
      return;
    case 'equal':
    case 'contains':
    case 'containsAny':
    case 'containsAll':
    case 'notContains':
      if (n === 0) throw invalid(`${method[0]?.toUpperCase()}${method.slice(1)} queries require at least one value.`);
      if (n > QUERY_LIMITS.maxValues) throw invalid(`Query on attribute has greater than ${QUERY_LIMITS.maxValues} values: ${attribute}`);
      return;
    default:
      if (n !== 1) throw invalid(`${method[0]?.toUpperCase()}${method.slice(1)} queries require exactly one value.`);
  }
}

function parseObject(raw: unknown, nested: boolean): Condition | ((p: ParsedQueries) => void) {
  if (!isRecord(raw)) throw invalid('Syntax error');
  const method = raw['method'];
  if (typeof method !== 'string') throw invalid('Syntax error');
  const attribute = raw['attribute'] ?? '';
  if (typeof attribute !== 'string') throw invalid('Syntax error');
  const valuesRaw = raw['values'] ?? [];
  if (!Array.isArray(valuesRaw)) throw invalid('Syntax error');

  if (method === 'and' || method === 'or') {
    if (valuesRaw.length < 2) throw invalid(`${method === 'and' ? 'And' : 'Or'} queries require at least two queries`);
    const conditions = valuesRaw.map((v) => {
      const c = parseObject(v, true);
      if (typeof c === 'function') throw invalid(`${method === 'and' ? 'And' : 'Or'} queries can only contain filter queries`);
      return c;
    });
    return { kind: 'logical', method, conditions };
  }
  if (isFilterMethod(method)) {
    if (attribute === '') throw invalid(`Attribute is required for ${method} queries`);
    if (!valuesRaw.every(isScalar)) throw invalid(`Invalid values for attribute "${attribute}"`);
    const values = valuesRaw.filter(isScalar);
    checkArity(method, attribute, values);
    return { kind: 'filter', method, attribute, values };
  }
  if (nested) throw invalid(`Invalid query method: ${method}`);

  switch (method) {
    case 'select': {
      if (valuesRaw.length === 0 || !valuesRaw.every((v) => typeof v === 'string')) throw invalid('Select queries require at least one attribute name');
      const attrs = valuesRaw.filter((v): v is string => typeof v === 'string');
      return (p) => { p.select = [...(p.select ?? []), ...attrs]; };
    }
    case 'orderAsc':
    case 'orderDesc':
      // utopia: an empty attribute orders by the internal sequence.
      return (p) => { p.orders.push({ attribute: attribute === '' ? '$sequence' : attribute, direction: method === 'orderAsc' ? 'ASC' : 'DESC' }); };
    case 'limit':
    case 'offset': {
      const v = valuesRaw[0];
      const max = method === 'limit' ? QUERY_LIMITS.maxLimit : QUERY_LIMITS.maxOffset;
      const min = 0;
      if (valuesRaw.length !== 1 || typeof v !== 'number' || !Number.isInteger(v)) {
        throw invalid(`Invalid ${method}: Value must be a valid integer`);
      }
      if (v < min || v > max) throw invalid(`Invalid ${method}: Value must be a valid range between ${min} and ${max.toLocaleString('en-US')}`);
      return (p) => { if (method === 'limit') { p.limit = v; p.explicitLimit = true; } else p.offset = v; };
    }
    case 'cursorAfter':
    case 'cursorBefore': {
      const v = valuesRaw[0];
      if (valuesRaw.length !== 1 || typeof v !== 'string' || v === '') throw invalid('Invalid cursor: Cursor must contain a document ID');
      return (p) => { p.cursor = { direction: method === 'cursorAfter' ? 'after' : 'before', id: v }; };
    }
    default:
      throw invalid(`Invalid query method: ${method}`);
  }
}

/** Parse the `queries[]` strings of a list request; every failure is `general_query_invalid` (400). */
export function parseQueries(strings: readonly string[]): ParsedQueries {
  if (strings.length > QUERY_LIMITS.maxQueries) {
    throw new AppwriteError('general_argument_invalid', `Invalid \`queries\` param: Value must a valid array no longer than ${QUERY_LIMITS.maxQueries} items and Value must be a valid string and at most ${QUERY_LIMITS.maxQueryLength} chars`);
  }
  const parsed: ParsedQueries = { conditions: [], select: null, orders: [], limit: QUERY_LIMITS.defaultLimit, explicitLimit: false, offset: 0, cursor: null };
  for (const s of strings) {
    if (s.length > QUERY_LIMITS.maxQueryLength) {
      throw new AppwriteError('general_argument_invalid', `Invalid \`queries\` param: Value must a valid array no longer than ${QUERY_LIMITS.maxQueries} items and Value must be a valid string and at most ${QUERY_LIMITS.maxQueryLength} chars`);
    }
    let raw: unknown;
    try {
      raw = JSON.parse(s);
    } catch {
      throw invalid('Syntax error');
    }
    const result = parseObject(raw, false);
    if (typeof result === 'function') result(parsed);
    else parsed.conditions.push(result);
  }
  return parsed;
}

// ---------------------------------------------------------------------------------------------
// Compilation

export type ColumnType = 'string' | 'integer' | 'double' | 'boolean' | 'datetime';

/** How one queryable attribute lives in SQL. */
export interface ColumnRef {
  /** scalar SQL expression, e.g. `json_extract(d.data, '$."title"')` or `u.email` */
  expr: string;
  type: ColumnType;
  /** for array attributes: a table-valued expression whose `value` column holds the elements */
  arrayExpr?: string;
  /** `search` needs a fulltext index in Appwrite */
  fulltext?: boolean;
  /** an `encrypt: true` string: its stored value is ciphertext, so no filter or order can use it */
  encrypted?: boolean;
}

export type ColumnResolver = (attribute: string) => ColumnRef | undefined;

export interface SqlFragment {
  sql: string;
  params: Array<string | number | null>;
}

function toSqlValue(ref: ColumnRef, attribute: string, v: Scalar): string | number | null {
  if (v === null) return null;
  const bad = (): AppwriteError => invalid(`Query value is invalid for attribute "${attribute}"`);
  switch (ref.type) {
    case 'integer':
    case 'double':
      if (typeof v !== 'number') throw bad();
      return v;
    case 'boolean':
      if (typeof v !== 'boolean') throw bad();
      return v ? 1 : 0;
    case 'datetime': {
      // Stored as `…000+00:00`; compare like with like whatever offset the caller wrote.
      const ms = typeof v === 'string' ? Date.parse(v) : Number.NaN;
      if (Number.isNaN(ms)) throw bad();
      return isoDate(ms);
    }
    default:
      if (typeof v !== 'string') throw bad();
      return v;
  }
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function compileFilter(c: FilterCondition, resolve: ColumnResolver): SqlFragment {
  const ref = resolve(c.attribute);
  if (!ref) throw invalid(`Attribute not found in schema: ${c.attribute}`);
  if (ref.encrypted) throw invalid(`Cannot query encrypted attribute: ${c.attribute}`);
  const vals = c.values.map((v) => toSqlValue(ref, c.attribute, v));
  const nonNull = vals.filter((v): v is string | number => v !== null);
  const one = vals[0] ?? null;
  const elem = ref.arrayExpr;
  // Array attributes match when any element matches (Appwrite's `contains` over arrays).
  const anyElem = (cond: string, params: SqlFragment['params']): SqlFragment =>
    elem ? { sql: `EXISTS (SELECT 1 FROM ${elem} WHERE ${cond.replaceAll('§', 'value')})`, params }
      : { sql: cond.replaceAll('§', ref.expr), params };
  const placeholders = (n: number): string => new Array(n).fill('?').join(', ');

  switch (c.method) {
    case 'equal':
      return anyElem(`§ IN (${placeholders(nonNull.length || 1)})`, nonNull.length ? nonNull : [null]);
    case 'notEqual':
      if (one === null) return { sql: `${ref.expr} IS NOT NULL`, params: [] };
      // SQL semantics as in Appwrite's MariaDB: NULL != x is not true, so nulls are excluded.
      return elem ? { sql: `NOT EXISTS (SELECT 1 FROM ${elem} WHERE value = ?)`, params: [one] }
        : { sql: `${ref.expr} != ?`, params: [one] };
    case 'lessThan': return anyElem('§ < ?', [one]);
    case 'lessThanEqual': return anyElem('§ <= ?', [one]);
    case 'greaterThan': return anyElem('§ > ?', [one]);
    case 'greaterThanEqual': return anyElem('§ >= ?', [one]);
    case 'between': return anyElem('§ BETWEEN ? AND ?', [vals[0] ?? null, vals[1] ?? null]);
    case 'notBetween': return { sql: `NOT (${ref.expr} BETWEEN ? AND ?)`, params: [vals[0] ?? null, vals[1] ?? null] };
    case 'isNull': return { sql: `${ref.expr} IS NULL`, params: [] };
    case 'isNotNull': return { sql: `${ref.expr} IS NOT NULL`, params: [] };
    case 'startsWith':
    case 'notStartsWith':
    case 'endsWith':
    case 'notEndsWith': {
      if (typeof one !== 'string') throw invalid(`Query value is invalid for attribute "${c.attribute}"`);
      const pattern = c.method.endsWith('tartsWith') ? `${escapeLike(one)}%` : `%${escapeLike(one)}`;
      // LIKE, not GLOB: Appwrite's MariaDB collation compares case-insensitively, as SQLite's LIKE does (for ASCII).
      const f = anyElem(`§ LIKE ? ESCAPE '\\'`, [pattern]);
      return c.method.startsWith('not') ? { sql: `NOT (${f.sql})`, params: f.params } : f;
    }
    case 'contains':
    case 'containsAny':
    case 'notContains': {
      let f: SqlFragment;
      if (elem) {
        f = { sql: `EXISTS (SELECT 1 FROM ${elem} WHERE value IN (${placeholders(nonNull.length || 1)}))`, params: nonNull.length ? nonNull : [null] };
      } else {
        const parts = nonNull.map(() => `${ref.expr} LIKE ? ESCAPE '\\'`);
        f = { sql: parts.length ? `(${parts.join(' OR ')})` : '0', params: nonNull.map((v) => `%${escapeLike(String(v))}%`) };
      }
      return c.method === 'notContains' ? { sql: `NOT (${f.sql})`, params: f.params } : f;
    }
    case 'containsAll': {
      if (!elem) throw invalid(`Cannot query containsAll on attribute "${c.attribute}" because it is not an array.`);
      return { sql: `(${nonNull.map(() => `EXISTS (SELECT 1 FROM ${elem} WHERE value = ?)`).join(' AND ')})`, params: nonNull };
    }
    case 'search':
    case 'notSearch': {
      if (!ref.fulltext) throw invalid(`Searching by attribute "${c.attribute}" requires a fulltext index.`);
      if (typeof one !== 'string') throw invalid(`Query value is invalid for attribute "${c.attribute}"`);
      // MariaDB fulltext in boolean mode matches any of the words; approximate with word-wise LIKE.
      const words = one.split(/\s+/).filter((w) => w !== '');
      const sql = words.length ? `(${words.map(() => `${ref.expr} LIKE ? ESCAPE '\\'`).join(' OR ')})` : '0';
      const params = words.map((w) => `%${escapeLike(w)}%`);
      return c.method === 'notSearch' ? { sql: `NOT ${sql}`, params } : { sql, params };
    }
  }
}

export function compileConditions(conditions: readonly Condition[], resolve: ColumnResolver, joiner: 'AND' | 'OR' = 'AND'): SqlFragment {
  if (conditions.length === 0) return { sql: '1', params: [] };
  const parts = conditions.map((c) =>
    c.kind === 'filter' ? compileFilter(c, resolve) : compileConditions(c.conditions, resolve, c.method === 'and' ? 'AND' : 'OR'),
  );
  return { sql: `(${parts.map((p) => p.sql).join(` ${joiner} `)})`, params: parts.flatMap((p) => p.params) };
}

/**
 * Effective ordering: the requested orders plus utopia's unique tie-breaker on `$sequence`
 * (ascending), so cursors are stable.
 */
export function effectiveOrders(orders: readonly Order[]): Order[] {
  const out = [...orders];
  if (!out.some((o) => o.attribute === '$sequence' || o.attribute === '$id')) out.push({ attribute: '$sequence', direction: 'ASC' });
  return out;
}

export function compileOrderBy(orders: readonly Order[], resolve: ColumnResolver, reverse: boolean): string {
  return orders.map((o) => {
    const ref = resolve(o.attribute);
    if (!ref) throw invalid(`Attribute not found in schema: ${o.attribute}`);
    // utopia-php/database's query validator refuses orders on encrypted attributes as it does filters.
    if (ref.encrypted) throw invalid(`Cannot query encrypted attribute: ${o.attribute}`);
    const dir = (o.direction === 'ASC') !== reverse ? 'ASC' : 'DESC';
    return `${ref.expr} ${dir}`;
  }).join(', ');
}

/**
 * Keyset condition for `cursorAfter` / `cursorBefore`: rows strictly after (or before) the cursor
 * row in the effective order. `cursorValues` holds the cursor row's value for each order attribute.
 */
export function compileCursor(orders: readonly Order[], resolve: ColumnResolver, cursorValues: ReadonlyArray<string | number | null>, direction: 'after' | 'before'): SqlFragment {
  const ors: string[] = [];
  const params: SqlFragment['params'] = [];
  orders.forEach((o, i) => {
    const ands: string[] = [];
    for (let j = 0; j < i; j++) {
      const prev = orders[j];
      if (!prev) continue;
      ands.push(`${resolve(prev.attribute)?.expr ?? 'NULL'} = ?`);
      params.push(cursorValues[j] ?? null);
    }
    const ascending = (o.direction === 'ASC') === (direction === 'after');
    ands.push(`${resolve(o.attribute)?.expr ?? 'NULL'} ${ascending ? '>' : '<'} ?`);
    params.push(cursorValues[i] ?? null);
    ors.push(`(${ands.join(' AND ')})`);
  });
  const first = orders[0];
  if (orders.length < 2 || !first) return { sql: `(${ors.join(' OR ')})`, params };
  // The same rows, with the first order's bound (`date <= ?`) stated on its own: SQLite uses only
  // an AND-ed range to start an index where the cursor is, and would otherwise walk the index from
  // the first row to the cursor on every page (the 20th page of 5,000 read 100,000 rows).
  const ascending = (first.direction === 'ASC') === (direction === 'after');
  return {
    sql: `(${resolve(first.attribute)?.expr ?? 'NULL'} ${ascending ? '>=' : '<='} ? AND (${ors.join(' OR ')}))`,
    params: [cursorValues[0] ?? null, ...params],
  };
}

/** Cursor pagination needs non-null order values (Appwrite: `database_query_order_null`). */
export function assertCursorValues(values: ReadonlyArray<string | number | null>): void {
  if (values.some((v) => v === null)) {
    throw new AppwriteError('database_query_order_null');
  }
}
