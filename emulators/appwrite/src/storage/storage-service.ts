// Storage files as Appwrite's Storage module answers them (src/Appwrite/Platform/Modules/Storage/
// Http/Buckets/Files/*.php): bucket checks first, then bucket permissions, then — in a bucket with
// `fileSecurity` — the file's own. API keys (the server key and functions' keys) pass every
// permission, as Appwrite skips authorization for them.
import crypto from 'node:crypto';
import { isoDate, type Clock } from '../clock.ts';
import type { Actor } from '../databases/documents-service.ts';
import { AppwriteError } from '../errors.ts';
import { resolveCustomId } from '../ids.ts';
import { assertGrantable, defaultDocumentPermissions, isAllowed, parsePermissions, type DocumentAction } from '../permissions.ts';
import { bucketAllows, type BucketDef, type Buckets } from './buckets.ts';
import type { FileBlobs, ReceivedSegment, SegmentRef } from './file-blobs.ts';
import type { FileRecord, FileRepository } from './file-repository.ts';
import { sniffMimeType } from './mime-types.ts';
import { KEY_RE } from '../ids.ts';

/** APP_LIMIT_UPLOAD_CHUNK_SIZE: the SDKs' chunk size, and how Appwrite numbers chunks. */
export const CHUNK_SIZE = 5 * 1024 * 1024;


export interface ContentRange {
  start: number;
  end: number;
  total: number;
}

/**
 * `content-range: bytes <start>-<end>/<total>` (utopia Request::getContentRange*). Beyond Appwrite's
 * own check (all three numbers, end ≤ total), a range must be one of the chunks the SDKs cut: it
 * starts on a 5 MiB boundary and ends at the next one or at the last byte, so chunks never overlap.
 */
export function parseContentRange(header: string | undefined): ContentRange | null {
  if (header === undefined || header === '') return null;
  const m = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec(header.trim());
  const invalid = new AppwriteError('storage_invalid_content_range');
  if (!m) throw invalid;
  const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (end >= total || start > end || start % CHUNK_SIZE !== 0 || end !== Math.min(start + CHUNK_SIZE, total) - 1) throw invalid;
  return { start, end, total };
}

export interface UploadInput {
  /** the form's `fileId` (required) */
  fileId: string | undefined;
  /** `x-appwrite-id`: the upload a chunk after the first belongs to */
  uploadId: string | undefined;
  permissions: string[] | undefined;
  fileName: string;
  range: ContentRange | null;
  segment: ReceivedSegment;
}

export interface UploadResult {
  status: 200 | 201;
  file: FileRecord;
  /** the upload is complete with this request (Appwrite's `create` event fires) */
  completed: boolean;
}

function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export class StorageService {
  /** Uploads whose last chunk is being assembled (signature and type read from every segment). */
  private readonly finalizing = new Set<string>();

  constructor(
    readonly buckets: Buckets,
    readonly repo: FileRepository,
    readonly blobs: FileBlobs,
    private readonly clock: Clock,
  ) {}

  /** The bucket, or 404 — also for a disabled one, unless the caller holds a key. */
  bucket(actor: Actor, bucketId: string): BucketDef {
    const bucket = this.buckets.get(bucketId);
    if (!bucket || (!bucket.enabled && !actor.isKey)) throw new AppwriteError('storage_bucket_not_found');
    return bucket;
  }

  /** Upload checks that need no body: the bucket, and its `create` permission. */
  bucketForUpload(actor: Actor, bucketId: string): BucketDef {
    const bucket = this.bucket(actor, bucketId);
    if (!actor.isKey && !bucketAllows(bucket, 'create', actor.roles)) throw new AppwriteError('user_unauthorized');
    return bucket;
  }

  /** How many bytes the file part of this request may carry. */
  segmentLimit(bucket: BucketDef, range: ContentRange | null): number {
    return range ? range.end - range.start + 1 : bucket.maximumFileSize;
  }

  async upload(actor: Actor, bucket: BucketDef, input: UploadInput): Promise<UploadResult> {
    let placed = false;
    try {
      return await this.store(actor, bucket, input, () => { placed = true; });
    } finally {
      if (!placed) this.blobs.discard(input.segment.temp);
    }
  }

  private async store(actor: Actor, bucket: BucketDef, input: UploadInput, onPlaced: () => void): Promise<UploadResult> {
    const { segment, range } = input;
    if (input.fileId === undefined) throw new AppwriteError('general_argument_invalid', 'Param "fileId" is not optional.');
    if (input.fileId !== 'unique()' && !KEY_RE.test(input.fileId)) {
      throw new AppwriteError('general_argument_invalid', "Invalid `fileId` param: Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char");
    }
    let permissions = input.permissions === undefined ? null : parsePermissions(input.permissions);
    permissions ??= defaultDocumentPermissions(actor.userId);
    if (!actor.isKey) assertGrantable(permissions, actor.roles);

    let fileId = resolveCustomId(input.fileId, this.clock.now());
    if (range && input.uploadId !== undefined && input.uploadId !== '') {
      if (!KEY_RE.test(input.uploadId)) throw new AppwriteError('storage_invalid_appwrite_id');
      fileId = input.uploadId;
    }
    if (bucket.allowedFileExtensions.length > 0 && !bucket.allowedFileExtensions.includes(extensionOf(input.fileName))) {
      throw new AppwriteError('storage_file_type_unsupported', 'File extension not allowed');
    }
    const size = range ? range.total : segment.size;
    if (size > bucket.maximumFileSize || segment.tooLarge) throw new AppwriteError('storage_invalid_file_size', 'File size not allowed');
    // The bytes must be the ones the range announced (a short chunk would shift every later byte).
    if (range && segment.size !== range.end - range.start + 1) throw new AppwriteError('storage_invalid_content_range');
    const chunksTotal = range ? Math.ceil(range.total / CHUNK_SIZE) : 1;
    const index = range ? range.start / CHUNK_SIZE : 0;

    const key = `${bucket.id}/${fileId}`;
    const now = isoDate(this.clock.now());
    let file = this.repo.get(bucket.id, fileId);
    if (file && file.chunksUploaded === file.chunksTotal) {
      if (!range) throw new AppwriteError('storage_file_already_exists');
      return { status: 200, file, completed: false };
    }
    if (file && (file.sizeOriginal !== size || file.chunksTotal !== chunksTotal)) throw new AppwriteError('storage_invalid_content_range');
    if (!file) {
      file = {
        bucketId: bucket.id, id: fileId, createdAt: now, updatedAt: now, permissions, name: input.fileName, signature: '',
        mimeType: '', sizeOriginal: size, chunksTotal, chunksUploaded: 0, encrypted: bucket.encryption,
      };
      this.repo.insert(file);
    }
    this.blobs.place(segment.temp, bucket.id, fileId, index);
    onPlaced();
    const received = this.repo.addChunk(bucket.id, fileId, index, segment.size);
    if (received < chunksTotal || this.finalizing.has(key)) {
      file = { ...file, chunksUploaded: Math.min(received, chunksTotal - 1), updatedAt: now };
      this.repo.update(file);
      return { status: 201, file, completed: false };
    }
    // The last chunk: the file counts as uploaded only once its signature and type are known.
    this.finalizing.add(key);
    try {
      const { signature, mimeType } = await this.fingerprint(file);
      const current = this.repo.get(bucket.id, fileId);
      if (!current) throw new AppwriteError('storage_file_not_found');
      file = { ...current, signature, mimeType, chunksUploaded: chunksTotal, updatedAt: isoDate(this.clock.now()) };
      this.repo.update(file);
      return { status: 201, file, completed: true };
    } finally {
      this.finalizing.delete(key);
    }
  }

  /** MD5 of the content (Appwrite's `signature`, md5_file) and its type from the first bytes. */
  private async fingerprint(file: FileRecord): Promise<{ signature: string; mimeType: string }> {
    const md5 = crypto.createHash('md5');
    let head: Buffer | null = null;
    const segments = this.repo.segments(file.bucketId, file.id);
    for await (const piece of this.blobs.read(file.bucketId, file.id, segments, file.encrypted, 0, Math.max(0, file.sizeOriginal - 1))) {
      head ??= piece.subarray(0, 4096);
      md5.update(piece);
    }
    return { signature: md5.digest('hex'), mimeType: sniffMimeType(head ?? Buffer.alloc(0), file.name) };
  }

  /**
   * A file the caller may `action`: read 404s what they can't see; update and delete answer
   * `user_unauthorized` for a file that exists, as utopia's authorization does (no read needed).
   */
  file(actor: Actor, bucketId: string, fileId: string, action: DocumentAction): { bucket: BucketDef; file: FileRecord } {
    const bucket = this.bucket(actor, bucketId);
    const viaBucket = actor.isKey || bucketAllows(bucket, action, actor.roles);
    if (!bucket.fileSecurity && !viaBucket) throw new AppwriteError('user_unauthorized');
    const file = this.repo.get(bucket.id, fileId);
    const viaFile = file !== null && bucket.fileSecurity && isAllowed(file.permissions, action, actor.roles);
    if (!file || (action === 'read' && !viaBucket && !viaFile)) throw new AppwriteError('storage_file_not_found');
    if (!viaBucket && !viaFile) throw new AppwriteError('user_unauthorized');
    return { bucket, file };
  }

  /** A complete file's segments, for download and view (an unfinished upload has no content yet). */
  content(actor: Actor, bucketId: string, fileId: string): { file: FileRecord; segments: SegmentRef[] } {
    const { file } = this.file(actor, bucketId, fileId, 'read');
    if (file.chunksUploaded !== file.chunksTotal) throw new AppwriteError('storage_file_not_found');
    return { file, segments: this.repo.segments(file.bucketId, file.id) };
  }

  list(actor: Actor, bucketId: string, queries: readonly string[], search: string, withTotal: boolean): { total: number; files: FileRecord[] } {
    const bucket = this.bucket(actor, bucketId);
    const viaBucket = actor.isKey || bucketAllows(bucket, 'read', actor.roles);
    if (!bucket.fileSecurity && !viaBucket) throw new AppwriteError('user_unauthorized');
    return this.repo.list(bucket.id, queries, search, withTotal, viaBucket ? null : [...new Set(['any', ...actor.roles])]);
  }

  update(actor: Actor, bucketId: string, fileId: string, name: string | undefined, rawPermissions: unknown): FileRecord {
    const { file } = this.file(actor, bucketId, fileId, 'update');
    let permissions = file.permissions;
    if (rawPermissions !== undefined && rawPermissions !== null) {
      permissions = parsePermissions(rawPermissions);
      if (!actor.isKey) assertGrantable(permissions, actor.roles);
    }
    const updated = { ...file, permissions, name: name ?? file.name, updatedAt: isoDate(this.clock.now()) };
    this.repo.update(updated);
    return updated;
  }

  /** Removes the record and every byte (an unfinished upload's chunks too). */
  delete(actor: Actor, bucketId: string, fileId: string): FileRecord {
    const { file } = this.file(actor, bucketId, fileId, 'delete');
    this.repo.delete(file.bucketId, file.id);
    this.blobs.remove(file.bucketId, file.id);
    return file;
  }
}

/** The `file` response model. */
export function fileModel(file: FileRecord): Record<string, unknown> {
  return {
    $id: file.id,
    bucketId: file.bucketId,
    $createdAt: file.createdAt,
    $updatedAt: file.updatedAt,
    $permissions: file.permissions,
    name: file.name,
    signature: file.signature,
    mimeType: file.mimeType,
    sizeOriginal: file.sizeOriginal,
    chunksTotal: file.chunksTotal,
    chunksUploaded: file.chunksUploaded,
    encryption: file.encrypted,
    compression: 'none',
  };
}
