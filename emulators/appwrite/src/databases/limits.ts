// What Appwrite 1.9 (MariaDB, its self-hosted default) refuses in a schema, as its code computes it,
// so the deploy target refuses what `appwrite push` to a real Appwrite would, and a project file is
// checked before it is pushed (backend/test/appwrite-limits.test.ts). Sources:
// - appwrite/appwrite app/init/constants.php (APP_VERSION_STABLE 1.9.1): APP_LIMIT_ARRAY_PARAMS_SIZE
//   = 100, APP_DATABASE_ATTRIBUTE_STRING_MAX_LENGTH = 1 073 741 824, APP_DATABASE_ENCRYPT_SIZE_MIN = 150.
// - Attributes/*/Create.php: keys are `new Key(false, adapter->getMaxUIDLength())`; Email stores size
//   254, URL 2000, IP 39, Enum Database::LENGTH_KEY (255) whatever its elements; Enum elements are
//   ArrayList(Text(LENGTH_KEY), APP_LIMIT_ARRAY_PARAMS_SIZE). Attributes/Action.php createAttribute
//   runs Database::checkAttribute and answers a LimitException with attribute_limit_exceeded.
// - utopia-php/database Adapter/SQL.php: getMaxUIDLength 36, getLimitForAttributes 1017,
//   getCountOfAttributes = attributes + 7 internal ($id, $sequence, $collection, $tenant, $createdAt,
//   $updatedAt, $permissions), getDocumentSizeLimit 65535 (MariaDB's row size), getAttributeWidth
//   (1067 bytes of internal columns; a string of size ≤ 255 takes 4·size+1 bytes, ≤ 16381 4·size+2,
//   larger is TEXT: a 20-byte pointer; arrays 20; integer 4 or 8; double 8; boolean 1; datetime 7),
//   getLimitForIndexes 64, less 6 internal indexes (Database::getLimitForIndexes: 58 a collection
//   may declare), getMaxIndexLength 768.
// - Indexes/Create.php: `index_limit_exceeded` once the collection has 58 indexes; an array
//   attribute in an index is `index_invalid` ("Creating indexes on array attributes is not currently
//   supported."); then utopia's Validator/Index: "Duplicate attributes provided", and the sum of the
//   indexed strings' sizes (other types 1, doubles 2) over 768 is "Index length is longer than the
//   maximum: 768".
import { AppwriteError } from '../errors.ts';
import { KEY_RE } from '../ids.ts';
import type { AttributeDef, IndexDef } from './schema.ts';

export { KEY_RE };
export const MAX_KEY_LENGTH = 36;
export const ARRAY_PARAMS_MAX = 100;
export const STRING_SIZE_MAX = 1_073_741_824;
export const ENUM_ELEMENT_MAX_LENGTH = 255;
export const ATTRIBUTES_MAX = 1017;
export const INTERNAL_ATTRIBUTES = 7;
export const ROW_WIDTH_MAX = 65_535;
/** Indexes a collection may declare: the adapter's 64 less its 6 internal ones. */
export const INDEXES_MAX = 64 - 6;
export const INDEX_LENGTH_MAX = 768;
const VARCHAR_MAX = 16_381;
const INTERNAL_WIDTH = 1067;
const INT32_MAX = 2_147_483_647;

/** The size Appwrite stores a string attribute with (a format's fixed size, an enum's 255). */
function storedSize(a: Pick<AttributeDef, 'type' | 'format' | 'size'>): number {
  if (a.format === 'enum') return 255;
  return a.size;
}

/** Bytes an attribute takes in the row (utopia Adapter/SQL::getAttributeWidth). */
export function attributeWidth(a: Pick<AttributeDef, 'type' | 'format' | 'size' | 'array' | 'max'>): number {
  if (a.array) return 20;
  switch (a.type) {
    case 'string': {
      const size = storedSize(a);
      return size > VARCHAR_MAX ? 20 : size > 255 ? size * 4 + 2 : size * 4 + 1;
    }
    // Integer/Create.php: size 8 unless max ≤ 2^31−1 (an unset max is PHP_INT_MAX).
    case 'integer': return a.max !== null && a.max <= INT32_MAX ? 4 : 8;
    case 'double': return 8;
    case 'boolean': return 1;
    case 'datetime': return 7;
  }
}

/** A collection's row width with these attributes (Database::checkAttribute refuses ≥ 65535). */
export function rowWidth(attributes: Iterable<Pick<AttributeDef, 'type' | 'format' | 'size' | 'array' | 'max'>>): number {
  let total = INTERNAL_WIDTH;
  for (const a of attributes) total += attributeWidth(a);
  return total;
}

/** The characters an index takes (utopia Validator/Index::checkIndexLengths); fulltext is not counted. */
export function indexLength(index: Pick<IndexDef, 'type' | 'attributes'>, attributes: Map<string, Pick<AttributeDef, 'type' | 'format' | 'size' | 'array'>>): number {
  if (index.type === 'fulltext') return 0;
  let total = 0;
  for (const key of index.attributes) {
    const a = attributes.get(key);
    if (!a) total += key === '$id' ? 255 : 1; // $createdAt/$updatedAt are datetimes
    else if (a.type === 'string') total += storedSize(a);
    else total += a.type === 'double' ? 2 : 1;
  }
  return total;
}

/** Refuses what Database::checkAttribute refuses when `added` joins `existing` (attribute_limit_exceeded). */
export function assertAttributeFits(collectionId: string, existing: Iterable<AttributeDef>, added: AttributeDef): void {
  const all = [...existing, added];
  if (all.length + INTERNAL_ATTRIBUTES > ATTRIBUTES_MAX || rowWidth(all) >= ROW_WIDTH_MAX) {
    throw new AppwriteError('attribute_limit_exceeded', `The maximum number or size of attributes for collection '${collectionId}' has been reached.`);
  }
}

/** Refuses an index as Indexes/Create.php and utopia's index validator do. */
export function assertIndexFits(collectionId: string, index: IndexDef, attributes: Map<string, AttributeDef>, existing: number): void {
  if (existing >= INDEXES_MAX) throw new AppwriteError('index_limit_exceeded', `The maximum number of indexes for collection '${collectionId}' has been reached.`);
  if (index.attributes.some((k) => attributes.get(k)?.array)) throw new AppwriteError('index_invalid', 'Creating indexes on array attributes is not currently supported.');
  if (new Set(index.attributes).size !== index.attributes.length) throw new AppwriteError('index_invalid', 'Duplicate attributes provided');
  if (indexLength(index, attributes) > INDEX_LENGTH_MAX) throw new AppwriteError('index_invalid', `Index length is longer than the maximum: ${INDEX_LENGTH_MAX}`);
}
