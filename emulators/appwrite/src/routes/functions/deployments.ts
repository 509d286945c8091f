// Deployments (`/v1/functions/:functionId/deployments…`) on a deploy target, as Appwrite 1.9 takes
// them from `appwrite push functions` and node-appwrite: a multipart form with the code archive
// (`code`, a .tar.gz) whole, or in 5 MiB chunks (`content-range`; after the first, `x-appwrite-id`;
// node-appwrite sends the later ones concurrently), `entrypoint`, `commands` and `activate`. The
// answer is 202 `waiting`; once every byte is in, the build runs in the background (`processing`
// → `ready` or `failed`): the archive is unpacked into the data directory and the workspace's
// installed dependencies linked in place of `commands` (config.functionModules). An activated
// deployment becomes the function's code: its entry's `path` and `entrypoint` (functions/registry.ts).
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isoDate } from '../../clock.ts';
import type { PluginOptions } from '../../context.ts';
import { AppwriteError } from '../../errors.ts';
import { ArchiveError, extractTarGz } from '../../functions/code-archive.ts';
import { uniqueId } from '../../ids.ts';
import { parseContentRange } from '../../storage/storage-service.ts';
import { currentEntry, entries, functionEntry, functionModel, type FunctionParams } from './manage.ts';

type Entry = Record<string, unknown>;
type DeploymentParams = FunctionParams & { deploymentId: string };

/** A 5 MiB chunk and the form around it. */
const UPLOAD_LIMIT = 12 * 1024 * 1024;
/** Appwrite's `_APP_FUNCTIONS_SIZE_LIMIT` default (30 MB). */
const SIZE_LIMIT = 30_000_000;

interface Upload {
  functionId: string;
  archive: string;
  size: number;
  /** chunk start → bytes */
  received: Map<number, number>;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function deploymentModel(functionId: string, d: Entry): Record<string, unknown> {
  const str = (k: string): string => (typeof d[k] === 'string' ? d[k] : '');
  const num = (k: string): number => (typeof d[k] === 'number' ? d[k] : 0);
  return {
    $id: str('$id'), $createdAt: str('$createdAt'), $updatedAt: str('$updatedAt'), type: 'manual', resourceId: functionId, resourceType: 'functions',
    entrypoint: str('entrypoint'), sourceSize: num('sourceSize'), buildSize: 0, totalSize: num('sourceSize'), buildId: '', activate: d['activate'] === true,
    screenshotLight: '', screenshotDark: '', status: str('status'), buildLogs: str('buildLogs'), buildDuration: num('buildDuration'),
    providerRepositoryName: '', providerRepositoryOwner: '', providerRepositoryUrl: '', providerCommitHash: '', providerCommitAuthorUrl: '',
    providerCommitAuthor: '', providerCommitMessage: '', providerCommitUrl: '', providerBranch: '', providerBranchUrl: '',
  };
}

export default async function deploymentRoutes(app: FastifyInstance, { config, project, clock }: PluginOptions): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 } });
  const root = path.join(config.dataDir, 'deployments');
  const uploads = new Map<string, Upload>();
  const read = { scope: 'functions.read' };
  const write = { scope: 'functions.write' };
  const base = '/v1/functions/:functionId/deployments';

  const deploymentOf = (p: DeploymentParams): Entry => {
    const d = entries(currentEntry(project, p.functionId)['deployments']).find((x) => x['$id'] === p.deploymentId);
    if (!d) throw new AppwriteError('deployment_not_found');
    return d;
  };
  /** Changes the deployment's entry (and, with `activate`, the function's code). */
  const change = (functionId: string, deploymentId: string, fields: Entry, activate = false): Entry =>
    project.update((document) => {
      const fn = functionEntry(document, functionId);
      const d = entries(fn['deployments']).find((x) => x['$id'] === deploymentId);
      if (!d) throw new AppwriteError('deployment_not_found');
      Object.assign(d, fields, { $updatedAt: isoDate(clock.now()) });
      if (activate) {
        fn['deploymentId'] = deploymentId;
        fn['path'] = path.relative(path.dirname(project.file), path.join(root, functionId, deploymentId));
        if (typeof d['entrypoint'] === 'string' && d['entrypoint'] !== '') fn['entrypoint'] = d['entrypoint'];
      }
      return d;
    });

  const build = (functionId: string, deploymentId: string, archive: string, activate: boolean): void => {
    const started = clock.now();
    change(functionId, deploymentId, { status: 'processing' });
    setImmediate(() => {
      const dir = path.join(root, functionId, deploymentId);
      try {
        const files = extractTarGz(archive, dir);
        const modules = path.join(dir, 'node_modules');
        const logs = [`Unpacked ${files} files.`];
        if (!fs.existsSync(modules)) {
          fs.symlinkSync(config.functionModules, modules, 'dir');
          logs.push(`Dependencies: linked ${config.functionModules} (the workspace's installed packages stand in for the build commands).`);
        }
        change(functionId, deploymentId, { status: 'ready', buildLogs: logs.join('\n'), buildDuration: Math.round((clock.now() - started) / 1000) }, activate);
      } catch (error) {
        const message = error instanceof ArchiveError || error instanceof Error ? error.message : String(error);
        try {
          change(functionId, deploymentId, { status: 'failed', buildLogs: message });
        } catch {
          // The function was deleted meanwhile: nothing left to mark.
        }
      }
    });
  };

  app.post<{ Params: FunctionParams }>(base, { config: write }, async (request, reply) => {
    project.assertDeployTarget();
    const { functionId } = request.params;
    currentEntry(project, functionId);
    const range = parseContentRange(header(request, 'content-range'));
    if (range && range.total > SIZE_LIMIT) throw new AppwriteError('storage_invalid_file_size');
    if (!request.isMultipart()) throw new AppwriteError('storage_file_empty');
    const continuing = header(request, 'x-appwrite-id');
    let upload = continuing ? uploads.get(continuing) : undefined;
    const deploymentId = upload && continuing ? continuing : uniqueId(clock.now());
    const fields: Record<string, string> = {};
    let bytes = -1;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'code' || bytes !== -1) {
          part.file.resume();
          continue;
        }
        const archive = upload?.archive ?? path.join(root, functionId, `${deploymentId}.tar.gz`);
        fs.mkdirSync(path.dirname(archive), { recursive: true, mode: 0o700 });
        const start = range?.start ?? 0;
        const flags = fs.existsSync(archive) && upload ? 'r+' : 'w';
        await pipeline(part.file, fs.createWriteStream(archive, { flags, start, mode: 0o600 }));
        if (part.file.truncated) throw new AppwriteError('storage_invalid_file_size');
        bytes = part.file.bytesRead;
        upload ??= { functionId, archive, size: range?.total ?? bytes, received: new Map() };
        upload.received.set(start, bytes);
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    if (!upload || bytes < 0) throw new AppwriteError('storage_file_empty');
    const activate = fields['activate'] === 'true' || fields['activate'] === '1';
    if (!uploads.has(deploymentId)) {
      uploads.set(deploymentId, upload);
      const stamp = isoDate(clock.now());
      project.update((document) => {
        const fn = functionEntry(document, functionId);
        const deployment: Entry = {
          $id: deploymentId, $createdAt: stamp, $updatedAt: stamp, status: 'waiting', activate, sourceSize: upload.size,
          entrypoint: fields['entrypoint'] ?? (typeof fn['entrypoint'] === 'string' ? fn['entrypoint'] : ''), commands: fields['commands'] ?? '',
          buildLogs: '', buildDuration: 0,
        };
        fn['deployments'] = [...entries(fn['deployments']), deployment];
      });
    }
    const received = [...upload.received.values()].reduce((sum, n) => sum + n, 0);
    if (received >= upload.size) {
      uploads.delete(deploymentId);
      const stored = deploymentOf({ functionId, deploymentId });
      build(functionId, deploymentId, upload.archive, stored['activate'] === true);
    }
    return reply.code(202).send(deploymentModel(functionId, deploymentOf({ functionId, deploymentId })));
  });

  app.get<{ Params: FunctionParams }>(base, { config: read }, async (request) => {
    const list = entries(currentEntry(project, request.params.functionId)['deployments']).map((d) => deploymentModel(request.params.functionId, d));
    return { total: list.length, deployments: list };
  });
  app.get<{ Params: DeploymentParams }>(`${base}/:deploymentId`, { config: read }, async (request) =>
    deploymentModel(request.params.functionId, deploymentOf(request.params)));

  // Functions/Deployment/Update: make a ready deployment the function's code.
  app.patch<{ Params: FunctionParams; Body: { deploymentId: string } }>('/v1/functions/:functionId/deployment', {
    config: write,
    schema: { body: { type: 'object', properties: { deploymentId: { type: 'string' } }, required: ['deploymentId'] } },
  }, async (request) => {
    const { functionId } = request.params;
    const d = deploymentOf({ functionId, deploymentId: request.body.deploymentId });
    if (d['status'] !== 'ready') throw new AppwriteError('build_not_ready', 'Build not ready', 400);
    change(functionId, request.body.deploymentId, {}, true);
    return functionModel(currentEntry(project, functionId), isoDate(clock.now()));
  });
}
