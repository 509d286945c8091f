import { AppwriteError } from '../errors.ts';
import {
  compileConditions, compileCursor, compileOrderBy, effectiveOrders, parseQueries, QUERY_LIMITS,
  type ColumnRef, type SqlFragment,
} from '../queries.ts';
import type { Store } from '../store.ts';
import { getUser, type UserRecord } from './users.ts';

// Users queryable attributes (Appwrite's Users query validator allows these).
const COLUMNS: Record<string, ColumnRef> = {
  $id: { expr: 'u.id', type: 'string' },
  $sequence: { expr: 'u.seq', type: 'integer' },
  $createdAt: { expr: 'u.created_at', type: 'datetime' },
  $updatedAt: { expr: 'u.updated_at', type: 'datetime' },
  name: { expr: 'u.name', type: 'string', fulltext: true },
  email: { expr: 'u.email', type: 'string', fulltext: true },
  phone: { expr: 'u.phone', type: 'string' },
  status: { expr: 'u.status', type: 'boolean' },
  passwordUpdate: { expr: 'u.password_update', type: 'datetime' },
  registration: { expr: 'u.registration', type: 'datetime' },
  emailVerification: { expr: 'u.email_verification', type: 'boolean' },
  phoneVerification: { expr: 'u.phone_verification', type: 'boolean' },
  accessedAt: { expr: 'u.accessed_at', type: 'datetime' },
  labels: { expr: 'u.labels', type: 'string', arrayExpr: 'json_each(u.labels)' },
};

const resolve = (attribute: string): ColumnRef | undefined => COLUMNS[attribute];

export interface UserListResult {
  total: number;
  users: UserRecord[];
}

/** `GET /users`: Appwrite queries plus a free-text `search` over id, name and email. */
export function listUsers(store: Store, rawQueries: readonly string[], search: string, withTotal: boolean): UserListResult {
  const parsed = parseQueries(rawQueries);
  const where: SqlFragment[] = [compileConditions(parsed.conditions, resolve)];
  if (search.trim() !== '') {
    const like = `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push({ sql: "(u.id LIKE ? ESCAPE '\\' OR u.name LIKE ? ESCAPE '\\' OR u.email LIKE ? ESCAPE '\\')", params: [like, like, like] });
  }
  const orders = effectiveOrders(parsed.orders);
  const reverse = parsed.cursor?.direction === 'before';
  const page = [...where];
  if (parsed.cursor) {
    const cursorRow = getUser(store, parsed.cursor.id);
    if (!cursorRow) {
      throw new AppwriteError('general_cursor_not_found', `User '${parsed.cursor.id}' for the 'cursor' value not found.`);
    }
    const values = orders.map((o) => {
      const ref = resolve(o.attribute);
      if (!ref) throw new AppwriteError('general_query_invalid', `Invalid query: Attribute not found in schema: ${o.attribute}`);
      return store.db.prepare(`SELECT ${ref.expr} AS v FROM users u WHERE u.id = ?`).get(parsed.cursor?.id) as { v: string | number | null };
    }).map((row) => row.v);
    page.push(compileCursor(orders, resolve, values, parsed.cursor.direction));
  }
  const sql = (parts: SqlFragment[]): SqlFragment => ({
    sql: parts.map((p) => p.sql).join(' AND '),
    params: parts.flatMap((p) => p.params),
  });
  const pageWhere = sql(page);
  const rows = store.db.prepare(
    `SELECT u.id FROM users u WHERE ${pageWhere.sql} ORDER BY ${compileOrderBy(orders, resolve, reverse)} LIMIT ? OFFSET ?`,
  ).all(...pageWhere.params, parsed.limit, parsed.offset) as Array<{ id: string }>;
  if (reverse) rows.reverse();
  const users = rows.map((row) => getUser(store, row.id)).filter((u): u is UserRecord => u !== null);
  let total = 0;
  if (withTotal) {
    const all = sql(where);
    const counted = store.db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM users u WHERE ${all.sql} LIMIT ?)`)
      .get(...all.params, QUERY_LIMITS.maxLimit) as { n: number };
    total = counted.n;
  }
  return { total, users };
}
