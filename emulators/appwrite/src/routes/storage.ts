// Storage (`/v1/storage/buckets/…`): buckets from appwrite.json, files uploaded as multipart forms —
// whole, or in the SDKs' 5 MiB chunks (`content-range`, then `x-appwrite-id`) — and read back with
// download (attachment), view (inline) and Range requests.
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { actorOf } from '../databases/actor.ts';
import { AppwriteError } from '../errors.ts';
import { emitEvent } from '../functions/events-plugin.ts';
import type { AbuseRule } from '../rate-limit.ts';
import { bucketModel } from '../storage/buckets.ts';
import { bucketAdminRoutes } from './buckets-admin.ts';
import { FileBlobs, type ReceivedSegment } from '../storage/file-blobs.ts';
import { FileRepository, migrateFiles } from '../storage/file-repository.ts';
import { VIEWABLE_TYPES } from '../storage/mime-types.ts';
import { fileModel, parseContentRange, StorageService } from '../storage/storage-service.ts';

/** Appwrite's request size limit (12 MB, the emulator's body limit): one chunk of 5 MiB fits with room. */
const UPLOAD_LIMIT = 12 * 1024 * 1024;
/** APP_STORAGE_READ_BUFFER and MAX_OUTPUT_CHUNK_SIZE: how far one Range answer may reach. */
const READ_BUFFER = 20_000_000;
const MAX_OUTPUT_CHUNK = 10 * 1024 * 1024;

// Appwrite's file update and delete: APP_LIMIT_WRITE_RATE_DEFAULT (60) per 60 s, per ip+method+route+user.
const WRITE_LIMIT: AbuseRule = { limit: 60, window: 60, keys: ['ip:{ip},method:{method},url:{url},userId:{userId}'] };

type BucketParams = { bucketId: string };
type FileParams = { bucketId: string; fileId: string };

const FILES = '/v1/storage/buckets/:bucketId/files';
const FILE = `${FILES}/:fileId`;
const fileParams = { type: 'object', properties: { bucketId: { type: 'string' }, fileId: { type: 'string' } } } as const;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `queries[0]=…` as the SDKs send them (or `queries[]=…`). */
function queriesOf(request: FastifyRequest): string[] {
  const indexed: Array<[number, string]> = [];
  for (const [k, v] of new URL(request.url, 'http://local').searchParams) {
    const m = /^queries(?:\[(\d*)\])?$/.exec(k);
    if (m) indexed.push([m[1] ? Number(m[1]) : indexed.length, v]);
  }
  return indexed.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
}

/** `filename="…"` as Appwrite writes it; names beyond printable ASCII also get RFC 6266's `filename*`. */
function disposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return ascii === name ? `${kind}; filename="${name}"` : `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The multipart parser's own failures (no boundary, a form cut short) are the client's: Appwrite's
 * 400. Errors with a status (the parser's limits) or from the file system (`syscall`) stay as they are.
 */
function malformedForm(error: unknown): unknown {
  if (error instanceof AppwriteError || !(error instanceof Error)) return error;
  if ('statusCode' in error || 'syscall' in error) return error;
  return new AppwriteError('general_bad_request', 'Invalid multipart form body.');
}

export default async function storageRoutes(app: FastifyInstance, { store, clock, project, config }: PluginOptions): Promise<void> {
  migrateFiles(store.db);
  const blobs = new FileBlobs(store);
  blobs.clearTemporary();
  const service = new StorageService(project.buckets, new FileRepository(store.db), blobs, clock);

  // One file part per request, streamed (never buffered); past UPLOAD_LIMIT the request fails.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 120, fieldSize: 64 * 1024, parts: 130, headerPairs: 100 },
  });

  app.get('/v1/storage/buckets', { config: { scope: 'buckets.read' } }, async (request) => {
    const actor = actorOf(request);
    const buckets = [...service.buckets.values()].filter((b) => actor.isKey || b.enabled);
    return { total: buckets.length, buckets: buckets.map((b) => bucketModel(b, service.repo.totalSize(b.id))) };
  });

  app.get<{ Params: BucketParams }>('/v1/storage/buckets/:bucketId', { config: { scope: 'buckets.read' } }, async (request) => {
    const bucket = service.bucket(actorOf(request), request.params.bucketId);
    return bucketModel(bucket, service.repo.totalSize(bucket.id));
  });

  bucketAdminRoutes(app, project, service, config.storageLimit);

  app.post<{ Params: BucketParams }>(FILES, { config: { scope: 'files.write' } }, async (request, reply) => {
    const actor = actorOf(request);
    const bucket = service.bucketForUpload(actor, request.params.bucketId);
    const range = parseContentRange(header(request, 'content-range'));
    if (!request.isMultipart()) throw new AppwriteError('storage_file_empty');
    let fileId: string | undefined;
    let permissions: string[] | undefined;
    let fileName = '';
    let segment: ReceivedSegment | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          // `file`, or `0` as GraphQL's multipart spec names it; any other file part is read and dropped.
          if (segment || (part.fieldname !== 'file' && part.fieldname !== '0')) {
            part.file.resume();
            continue;
          }
          fileName = part.filename;
          segment = await blobs.receive(part.file, bucket.encryption, service.segmentLimit(bucket, range));
        } else if (part.fieldname === 'fileId') {
          fileId = String(part.value);
        } else if (/^permissions(\[\d*\])?$/.test(part.fieldname)) {
          (permissions ??= []).push(String(part.value));
        }
      }
    } catch (error) {
      if (segment) blobs.discard(segment.temp);
      throw malformedForm(error);
    }
    if (!segment) throw new AppwriteError('storage_file_empty');
    const result = await service.upload(actor, bucket, { fileId, uploadId: header(request, 'x-appwrite-id'), permissions, fileName, range, segment });
    const model = fileModel(result.file);
    if (result.completed) {
      emitEvent(request, { pattern: 'buckets.[bucketId].files.[fileId].create', params: { bucketId: bucket.id, fileId: result.file.id } });
    }
    return reply.code(result.status).send(model);
  });

  app.get<{ Params: BucketParams; Querystring: { search?: string; total?: string } }>(FILES, {
    config: { scope: 'files.read' },
    schema: { querystring: { type: 'object', properties: { search: { type: 'string', maxLength: 256, description: 'Value must be a valid string and no longer than 256 chars' } } } },
  }, async (request) => {
    const total = request.query.total;
    const { files, total: count } = service.list(actorOf(request), request.params.bucketId, queriesOf(request), request.query.search ?? '', !(total === 'false' || total === '0'));
    return { total: count, files: files.map(fileModel) };
  });

  app.get<{ Params: FileParams }>(FILE, { config: { scope: 'files.read' }, schema: { params: fileParams } }, async (request) => {
    return fileModel(service.file(actorOf(request), request.params.bucketId, request.params.fileId, 'read').file);
  });

  const sendContent = (kind: 'attachment' | 'inline') => async (request: FastifyRequest<{ Params: FileParams }>, reply: FastifyReply) => {
    const { file, segments } = service.content(actorOf(request), request.params.bucketId, request.params.fileId);
    const size = file.sizeOriginal;
    let start = 0;
    let end = size - 1;
    const range = header(request, 'range');
    if (range) {
      // Download/Get.php: an open or too-long range is cut to 10 MiB; anything else invalid is 416.
      const m = /^([a-z]+)=(\d{1,15})-(\d{0,15})$/i.exec(range.trim());
      if (!m) throw new AppwriteError('storage_invalid_range');
      start = Number(m[2]);
      end = m[3] === '' ? Number.NaN : Number(m[3]);
      if (Number.isNaN(end) || end - start > READ_BUFFER) end = Math.min(start + MAX_OUTPUT_CHUNK - 1, size - 1);
      if (m[1] !== 'bytes' || start >= end || end >= size) throw new AppwriteError('storage_invalid_range');
      reply.code(206).header('accept-ranges', 'bytes').header('content-range', `bytes ${start}-${end}/${size}`);
    }
    const type = kind === 'inline' && !VIEWABLE_TYPES.has(file.mimeType) ? 'text/plain' : file.mimeType;
    reply
      .type(type)
      .header('content-length', String(Math.max(0, end - start + 1)))
      // Appwrite sends `private, max-age=3888000`; a practice's export must not stay in a browser cache.
      .header('cache-control', 'private, no-store')
      .header('content-disposition', disposition(kind, file.name));
    if (kind === 'inline') reply.header('content-security-policy', 'script-src none;').header('x-content-type-options', 'nosniff');
    if (size === 0) return reply.send('');
    return reply.send(Readable.from(blobs.read(file.bucketId, file.id, segments, file.encrypted, start, end)));
  };
  app.get<{ Params: FileParams }>(`${FILE}/download`, { config: { scope: 'files.read' }, schema: { params: fileParams } }, sendContent('attachment'));
  app.get<{ Params: FileParams }>(`${FILE}/view`, { config: { scope: 'files.read' }, schema: { params: fileParams } }, sendContent('inline'));

  app.put<{ Params: FileParams; Body: { name?: string; permissions?: string[] | null } }>(FILE, {
    config: { scope: 'files.write', abuse: WRITE_LIMIT },
    schema: {
      params: fileParams,
      body: {
        type: 'object',
        properties: {
          name: { type: 'string', maxLength: 255, description: 'Value must be a valid string and at most 255 chars' },
          permissions: { type: 'array', items: { type: 'string' }, maxItems: 100, description: 'Permissions must be an array of strings with at most 100 items.' },
        },
      },
    },
  }, async (request) => {
    const body = request.body ?? {};
    const file = service.update(actorOf(request), request.params.bucketId, request.params.fileId, body.name, body.permissions);
    emitEvent(request, { pattern: 'buckets.[bucketId].files.[fileId].update', params: { bucketId: file.bucketId, fileId: file.id } });
    return fileModel(file);
  });

  app.delete<{ Params: FileParams }>(FILE, { config: { scope: 'files.write', abuse: WRITE_LIMIT }, schema: { params: fileParams } }, async (request, reply) => {
    const file = service.delete(actorOf(request), request.params.bucketId, request.params.fileId);
    emitEvent(request, { pattern: 'buckets.[bucketId].files.[fileId].delete', params: { bucketId: file.bucketId, fileId: file.id }, payload: fileModel(file) });
    return reply.code(204).send();
  });
}
