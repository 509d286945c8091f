// Creating and updating buckets (`POST /v1/storage/buckets`, `PUT /v1/storage/buckets/:bucketId`,
// scope buckets.write) on a deploy target, as `appwrite push buckets` calls them: the body becomes
// the bucket's appwrite.json entry, applied like the start-time reading (project.ts).
import type { FastifyInstance } from 'fastify';
import { AppwriteError } from '../errors.ts';
import { resolveCustomId } from '../ids.ts';
import type { Project } from '../project.ts';
import { bucketModel } from '../storage/buckets.ts';
import type { StorageService } from '../storage/storage-service.ts';
import { boolean, customId, text } from './params.ts';

type BucketBody = {
  bucketId?: string; name: string; permissions?: string[]; fileSecurity?: boolean; enabled?: boolean; maximumFileSize?: number;
  allowedFileExtensions?: string[]; compression?: string; encryption?: boolean; antivirus?: boolean; transformations?: boolean;
};

/** The body's fields; a file size is Range(1, _APP_STORAGE_LIMIT) on a self-hosted Appwrite (Buckets/Create.php). */
const propertiesFor = (storageLimit: number) => ({
  name: text(128),
  permissions: { type: 'array', maxItems: 100, items: { type: 'string' }, description: 'Permissions must be an array of strings with at most 100 items.' },
  fileSecurity: boolean,
  enabled: boolean,
  maximumFileSize: { type: 'integer', minimum: 1, maximum: storageLimit, description: `Value must be a valid range between 1 and ${storageLimit.toLocaleString('en-US')}` },
  allowedFileExtensions: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 64 }, description: 'Value must a valid array no longer than 100 items and Value must be a valid string and at most 64 chars' },
  compression: { type: 'string', enum: ['none', 'gzip', 'zstd'], description: 'Value must be one of (none, gzip, zstd)' },
  encryption: boolean,
  antivirus: boolean,
  transformations: boolean,
} as const);

/** The appwrite.json entry of a bucket, Appwrite's defaults for what the body leaves out. */
function entryOf(id: string, b: BucketBody): Record<string, unknown> {
  return {
    $id: id,
    $permissions: b.permissions ?? [],
    fileSecurity: b.fileSecurity === true,
    name: b.name,
    enabled: b.enabled !== false,
    ...(b.maximumFileSize !== undefined ? { maximumFileSize: b.maximumFileSize } : {}),
    allowedFileExtensions: b.allowedFileExtensions ?? [],
    compression: b.compression ?? 'none',
    encryption: b.encryption !== false,
    antivirus: b.antivirus !== false,
    transformations: b.transformations !== false,
  };
}

export function bucketAdminRoutes(app: FastifyInstance, project: Project, service: StorageService, storageLimit: number): void {
  const config = { scope: 'buckets.write' };
  const properties = propertiesFor(storageLimit);
  const answer = (id: string) => {
    const bucket = project.buckets.get(id);
    if (!bucket) throw new AppwriteError('storage_bucket_not_found');
    return bucketModel(bucket, service.repo.totalSize(id));
  };
  app.post<{ Body: BucketBody }>('/v1/storage/buckets', {
    config,
    schema: { body: { type: 'object', properties: { bucketId: customId, ...properties }, required: ['bucketId', 'name'] } },
  }, async (request, reply) => {
    const id = resolveCustomId(request.body.bucketId ?? '');
    if (project.buckets.has(id)) throw new AppwriteError('storage_bucket_already_exists');
    project.update((document) => { document.buckets.push(entryOf(id, request.body)); });
    return reply.code(201).send(answer(id));
  });
  app.put<{ Params: { bucketId: string }; Body: BucketBody }>('/v1/storage/buckets/:bucketId', {
    config,
    schema: { body: { type: 'object', properties, required: ['name'] } },
  }, async (request) => {
    const id = request.params.bucketId;
    if (!project.buckets.has(id)) throw new AppwriteError('storage_bucket_not_found');
    project.update((document) => {
      const at = document.buckets.findIndex((b) => b['$id'] === id);
      document.buckets[at] = entryOf(id, request.body);
    });
    return answer(id);
  });
}
