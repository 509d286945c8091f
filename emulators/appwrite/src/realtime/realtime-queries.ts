// Realtime subscription queries (Appwrite's RuntimeQuery): a subscription may narrow its events with
// equal, notEqual, the comparisons, isNull/isNotNull, and/or, evaluated against the event payload;
// select("*") (or no query) takes every event. Parsed with the list queries' parser (queries.ts).
import { parseQueries, type Condition, type Scalar } from '../queries.ts';

const ALLOWED = ['equal', 'notEqual', 'lessThan', 'lessThanEqual', 'greaterThan', 'greaterThanEqual', 'isNull', 'isNotNull', 'and', 'or', 'select'];

export type CompiledQueries = { selectAll: true } | { selectAll: false; conditions: Condition[] };

/** A query the subscription cannot use; its message is Appwrite's, without the `Invalid query: ` prefix. */
export class RealtimeQueryError extends Error {}

function methodsOf(raw: unknown, out: string[]): void {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return;
  const { method, values } = raw as { method?: unknown; values?: unknown };
  if (typeof method === 'string') out.push(method);
  if ((method === 'and' || method === 'or') && Array.isArray(values)) for (const v of values) methodsOf(v, out);
}

/** `Realtime::convertQueries` + `RuntimeQuery::compile`. */
export function compileRealtimeQueries(strings: readonly string[]): CompiledQueries {
  const methods: string[] = [];
  for (const s of strings) {
    try {
      methodsOf(JSON.parse(s), methods);
    } catch {
      throw new RealtimeQueryError('Syntax error');
    }
  }
  const unsupported = methods.find((m) => !ALLOWED.includes(m));
  if (unsupported !== undefined) {
    throw new RealtimeQueryError(`Query method '${unsupported}' is not supported in Realtime queries. Allowed: ${ALLOWED.join(', ')}`);
  }
  let parsed;
  try {
    parsed = parseQueries(strings);
  } catch (error) {
    throw new RealtimeQueryError(error instanceof Error ? error.message.replace(/^Invalid query: /, '') : 'Syntax error');
  }
  if (parsed.select && !(parsed.select.length === 1 && parsed.select[0] === '*')) {
    throw new RealtimeQueryError('Only select("*") is allowed in Realtime queries. select("*") means "listen to all events".');
  }
  if (parsed.select || parsed.conditions.length === 0) return { selectAll: true };
  return { selectAll: false, conditions: parsed.conditions };
}

/** PHP's comparison of the payload's value and the query's (both scalars; null never compares). */
function compare(method: string, value: unknown, target: Scalar): boolean {
  if (method === 'equal') return value === target;
  if (value === null || target === null || typeof value === 'object' || value === undefined) return false;
  const a = value as string | number | boolean;
  switch (method) {
    case 'lessThan': return a < target;
    case 'lessThanEqual': return a <= target;
    case 'greaterThan': return a > target;
    case 'greaterThanEqual': return a >= target;
    default: return false;
  }
}

function holds(condition: Condition, payload: Record<string, unknown>): boolean {
  if (condition.kind === 'logical') {
    return condition.method === 'and'
      ? condition.conditions.every((c) => holds(c, payload))
      : condition.conditions.some((c) => holds(c, payload));
  }
  if (!Object.hasOwn(payload, condition.attribute)) return false;
  const value = payload[condition.attribute];
  switch (condition.method) {
    case 'isNull': return value === null;
    case 'isNotNull': return value !== null;
    case 'notEqual': return !condition.values.some((t) => value === t);
    default: return condition.values.some((t) => compare(condition.method, value, t));
  }
}

/** `RuntimeQuery::filter`: every top-level condition must hold. */
export function matchesQueries(compiled: CompiledQueries, payload: Record<string, unknown>): boolean {
  return compiled.selectAll || compiled.conditions.every((c) => holds(c, payload));
}
