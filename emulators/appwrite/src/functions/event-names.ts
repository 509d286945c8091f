// Event names as Appwrite generates them (src/Appwrite/Event/Event.php: parseEventPattern,
// generateEvents, mirrorCollectionEvents): the concrete name first, then every combination of the
// route's ids and `*`, the shorter prefixes, and the TablesDB twin of every collection event.

/** The parts of a pattern such as `databases.[databaseId].collections.[collectionId].documents.[documentId].create`. */
interface ParsedPattern {
  type: string;
  resource: string | false;
  subType: string | false;
  subResource: string | false;
  subSubType: string | false;
  subSubResource: string | false;
  action: string | false;
  attribute: string | false;
}

export function parseEventPattern(pattern: string): ParsedPattern {
  const parts = pattern.split('.');
  const count = parts.length;
  const at = (i: number): string | false => parts[i] ?? false;
  const hasSubResource = count > 3 && (parts[3] ?? '').startsWith('[');
  const hasSubSubResource = count > 5 && (parts[5] ?? '').startsWith('[') && hasSubResource;
  let attribute: string | false = false;
  if (hasSubSubResource && count === 8) attribute = at(7);
  if (hasSubResource && !hasSubSubResource && count === 6) attribute = at(5);
  if (!hasSubResource && count === 4) attribute = at(3);
  let action: string | false = false;
  if (!hasSubResource && count > 2) action = at(2);
  else if (hasSubSubResource) action = at(6);
  else if (hasSubResource && count > 4) action = at(4);
  return {
    type: parts[0] ?? '',
    resource: at(1),
    subType: hasSubResource ? at(2) : false,
    subResource: hasSubResource ? at(3) : false,
    subSubType: hasSubSubResource ? at(4) : false,
    subSubResource: hasSubSubResource ? at(5) : false,
    action,
    attribute,
  };
}

/** PHP `str_replace(array $search, array|string $replace, $subject)`: each search in turn, all occurrences. */
function strReplace(search: string[], replace: string[] | string, subject: string): string {
  let out = subject;
  search.forEach((s, i) => {
    if (s === '') return;
    out = out.split(s).join(typeof replace === 'string' ? replace : (replace[i] ?? ''));
  });
  return out;
}

const unique = (list: string[]): string[] => [...new Set(list)];

/**
 * `Event::generateEvents($pattern, $params)`: `params` in the order the route sets them (documents:
 * databaseId, collectionId, tableId, documentId, rowId). The first name is the fully concrete one
 * (what `x-appwrite-event` carries).
 */
export function generateEvents(pattern: string, params: Record<string, string>): string[] {
  const keys = Object.keys(params);
  const values = keys.map((k) => params[k] ?? '');
  const p = parseEventPattern(pattern);
  const join = (...xs: Array<string | false>): string => xs.join('.');
  for (const r of [p.resource, p.subResource, p.subSubResource]) {
    if (r && !keys.includes(r.replace(/^\[|\]$/g, ''))) throw new Error(`${r} is missing from the params.`);
  }

  const patterns: string[] = [];
  if (p.action) {
    if (p.subSubResource) {
      if (p.attribute) patterns.push(join(p.type, p.resource, p.subType, p.subResource, p.subSubType, p.subSubResource, p.action, p.attribute));
      patterns.push(join(p.type, p.resource, p.subType, p.subResource, p.subSubType, p.subSubResource, p.action));
      patterns.push(join(p.type, p.resource, p.subType, p.subResource, p.subSubType, p.subSubResource));
    } else if (p.subResource) {
      if (p.attribute) patterns.push(join(p.type, p.resource, p.subType, p.subResource, p.action, p.attribute));
      patterns.push(join(p.type, p.resource, p.subType, p.subResource, p.action));
      patterns.push(join(p.type, p.resource, p.subType, p.subResource));
    } else {
      patterns.push(join(p.type, p.resource, p.action));
    }
    if (p.attribute) patterns.push(join(p.type, p.resource, p.action, p.attribute));
  }
  if (p.subSubResource) patterns.push(join(p.type, p.resource, p.subType, p.subResource, p.subSubType, p.subSubResource));
  if (p.subResource) patterns.push(join(p.type, p.resource, p.subType, p.subResource));
  patterns.push(join(p.type, p.resource));

  let events: string[] = [];
  for (const eventPattern of unique(patterns)) {
    events.push(strReplace(keys, values, eventPattern));
    events.push(strReplace(keys, '*', eventPattern));
    for (const key of keys) {
      for (const current of keys) {
        if (p.subSubResource) {
          for (const subCurrent of keys) {
            if (subCurrent === current || subCurrent === key) continue;
            const one = strReplace([subCurrent], '*', eventPattern);
            events.push(strReplace(keys, values, one));
            events.push(strReplace(keys, values, strReplace([current], '*', one)));
            events.push(strReplace(keys, values, strReplace([current], '*', eventPattern)));
          }
        } else {
          if (current === key) continue;
          events.push(strReplace(keys, values, strReplace([current], '*', eventPattern)));
        }
      }
    }
  }
  events = unique(events.map((e) => e.replace(/[[\]]/g, '')));
  return mirrorCollectionEvents(pattern, events[0] ?? '', events);
}

const COLLECTIONS_TO_TABLES: Record<string, string> = { documents: 'rows', collections: 'tables', attributes: 'columns' };
const TABLES_TO_COLLECTIONS: Record<string, string> = { rows: 'documents', tables: 'collections', columns: 'attributes' };
const TABLESDB_TO_DATABASES: Record<string, string> = { tablesdb: 'databases', tables: 'collections', rows: 'documents', columns: 'attributes' };

function replaceSegments(event: string, map: Record<string, string>): string {
  return event.split('.').map((part) => map[part] ?? part).join('.');
}

/** Every `collections…documents` event gets its `tables…rows` twin and the other way round. */
function mirrorCollectionEvents(pattern: string, first: string, events: string[]): string[] {
  const applies = (pattern.includes('databases.') && (first.includes('collections') || first.includes('tables'))) || first.includes('tablesdb.');
  if (!applies) return events;
  const paired: string[] = [];
  for (const event of events) {
    paired.push(event);
    if (event.includes('tablesdb')) {
      const databasesSide = replaceSegments(event, TABLESDB_TO_DATABASES);
      paired.push(databasesSide, replaceSegments(databasesSide, COLLECTIONS_TO_TABLES));
    } else if (event.includes('collections')) {
      paired.push(replaceSegments(event, COLLECTIONS_TO_TABLES));
    } else if (event.includes('tables')) {
      paired.push(replaceSegments(event, TABLES_TO_COLLECTIONS));
    }
  }
  return unique(paired);
}
