// Storage buckets as declared in backend/appwrite.json (`buckets[]`, the Appwrite CLI's format):
// read at start like the collections, never created or changed over HTTP here.
import { isAllowed, type PermissionAction } from '../permissions.ts';
import { KEY_RE } from '../ids.ts';

export interface BucketDef {
  id: string;
  name: string;
  enabled: boolean;
  permissions: string[];
  fileSecurity: boolean;
  /** bytes; Appwrite's default is `_APP_STORAGE_LIMIT` (30 MB) */
  maximumFileSize: number;
  /** lower-case extensions without the dot; empty: any */
  allowedFileExtensions: string[];
  compression: 'none' | 'gzip' | 'zstd';
  encryption: boolean;
  antivirus: boolean;
  transformations: boolean;
  createdAt: string;
}

export type Buckets = Map<string, BucketDef>;

/** `_APP_STORAGE_LIMIT`'s default, Appwrite's bucket default too. */
export const DEFAULT_MAXIMUM_FILE_SIZE = 30_000_000;


function rec(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** The `buckets` of an appwrite.json document; entries with an invalid id are skipped. */
export function parseBuckets(project: unknown, createdAt: string): Buckets {
  const buckets: Buckets = new Map();
  const raw = rec(project)['buckets'];
  for (const entry of Array.isArray(raw) ? raw : []) {
    const b = rec(entry);
    const id = typeof b['$id'] === 'string' ? b['$id'] : '';
    if (!KEY_RE.test(id)) continue;
    const size = b['maximumFileSize'];
    const compression = b['compression'];
    buckets.set(id, {
      id,
      name: typeof b['name'] === 'string' ? b['name'] : id,
      enabled: b['enabled'] !== false,
      permissions: (Array.isArray(b['$permissions']) ? b['$permissions'] : []).filter((p): p is string => typeof p === 'string'),
      fileSecurity: b['fileSecurity'] === true,
      maximumFileSize: typeof size === 'number' && Number.isInteger(size) && size > 0 ? size : DEFAULT_MAXIMUM_FILE_SIZE,
      allowedFileExtensions: (Array.isArray(b['allowedFileExtensions']) ? b['allowedFileExtensions'] : [])
        .filter((e): e is string => typeof e === 'string' && e !== '').map((e) => e.toLowerCase().replace(/^\./, '')),
      compression: compression === 'gzip' || compression === 'zstd' ? compression : 'none',
      // Appwrite's default is on.
      encryption: b['encryption'] !== false,
      antivirus: b['antivirus'] === true,
      transformations: b['transformations'] !== false,
      createdAt,
    });
  }
  return buckets;
}

/** Whether the bucket's own permissions grant `action` to these roles. */
export function bucketAllows(bucket: BucketDef, action: PermissionAction, roles: readonly string[]): boolean {
  return isAllowed(bucket.permissions, action, roles);
}

/** The `bucket` response model. */
export function bucketModel(bucket: BucketDef, totalSize: number): Record<string, unknown> {
  return {
    $id: bucket.id,
    $createdAt: bucket.createdAt,
    $updatedAt: bucket.createdAt,
    $permissions: bucket.permissions,
    fileSecurity: bucket.fileSecurity,
    name: bucket.name,
    enabled: bucket.enabled,
    maximumFileSize: bucket.maximumFileSize,
    allowedFileExtensions: bucket.allowedFileExtensions,
    compression: bucket.compression,
    encryption: bucket.encryption,
    antivirus: bucket.antivirus,
    transformations: bucket.transformations,
    totalSize,
  };
}
