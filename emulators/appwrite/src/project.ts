// The project this server serves, in the Appwrite CLI's appwrite.json format: its databases and
// collections, buckets and functions. One way in for all of it: a project document is parsed
// (parseSchema, parseBuckets, parseFunctions), the stored documents are brought to it (the
// databases plugin's applier: schema-upgrade and indexes), and the parsed maps are swapped in
// place, so every service that holds them sees the new project.
// - At start the document is the project file: backend/appwrite.json (read only), or, with
//   APPWRITE_SCHEMA=deploy, the data directory's appwrite.json (an empty project at first).
// - In deploy mode the management API (routes/project/…, what `appwrite push` and node-appwrite
//   call) changes the document through `update`, which applies it the same way and then writes it.
import fs from 'node:fs';
import path from 'node:path';
import { isoDate, type Clock } from './clock.ts';
import type { EmulatorConfig } from './config.ts';
import { parseSchema, type Schema } from './databases/schema.ts';
import { AppwriteError } from './errors.ts';
import { parseFunctions, type FunctionDef } from './functions/registry.ts';
import { parseBuckets, type Buckets } from './storage/buckets.ts';

/** A project document (appwrite.json): only the keys the emulator changes are typed. */
export interface ProjectDocument {
  projectId?: string;
  projectName?: string;
  databases: Array<Record<string, unknown>>;
  collections: Array<Record<string, unknown>>;
  buckets: Array<Record<string, unknown>>;
  functions: Array<Record<string, unknown>>;
  [key: string]: unknown;
}

export interface ParsedProject {
  schema: Schema;
  buckets: Buckets;
  functions: Map<string, FunctionDef>;
}

/**
 * What a deployed change asks of the stored documents beyond fitting the new project: the values
 * an attribute's deletion drops (`collection.attribute`), an attribute's new key (its values move).
 */
export interface ApplyOptions {
  dropValues?: readonly string[];
  renames?: ReadonlyArray<{ databaseId: string; collectionId: string; from: string; to: string }>;
}

/** Runs before a new project is swapped in; throwing refuses it (nothing changes). */
export type ProjectApplier = (next: ParsedProject, options: ApplyOptions) => void;

function list(v: unknown): Array<Record<string, unknown>> {
  return Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)) : [];
}

function normalised(raw: unknown, config: Pick<EmulatorConfig, 'projectId' | 'projectName'>): ProjectDocument {
  const r = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return {
    ...r,
    projectId: typeof r['projectId'] === 'string' ? r['projectId'] : config.projectId,
    projectName: typeof r['projectName'] === 'string' ? r['projectName'] : config.projectName,
    databases: list(r['databases']),
    collections: list(r['collections']),
    buckets: list(r['buckets']),
    functions: list(r['functions']),
  };
}

function replace<K, V>(target: Map<K, V>, source: Map<K, V>): void {
  target.clear();
  for (const [k, v] of source) target.set(k, v);
}

export class Project {
  /** The document as last applied. */
  private document: ProjectDocument;
  readonly schema: Schema = new Map();
  readonly buckets: Buckets = new Map();
  readonly functions = new Map<string, FunctionDef>();
  private readonly appliers: ProjectApplier[] = [];
  /** Moves each time a new project is swapped in (read workers reload theirs when it moved: read-pool.ts). */
  private revision = 0;
  /** Attributes and indexes created and not yet `available` (`db/collection/key`). */
  private readonly processing = new Set<string>();

  constructor(
    private readonly config: Pick<EmulatorConfig, 'schemaPath' | 'deployTarget' | 'functionsDir' | 'projectId' | 'projectName'>,
    private readonly clock: Clock,
  ) {
    let raw: unknown = {};
    if (!config.deployTarget || fs.existsSync(config.schemaPath)) raw = JSON.parse(fs.readFileSync(config.schemaPath, 'utf8')) as unknown;
    this.document = normalised(raw, config);
    this.swap(this.parse(this.document));
    if (config.deployTarget && !fs.existsSync(config.schemaPath)) this.write(this.document);
  }

  get version(): number {
    return this.revision;
  }

  get file(): string {
    return this.config.schemaPath;
  }

  /** A deep copy of the current document. */
  read(): ProjectDocument {
    return structuredClone(this.document);
  }

  parse(document: ProjectDocument): ParsedProject {
    return {
      schema: parseSchema(document),
      buckets: parseBuckets(document, isoDate(this.clock.now())),
      functions: parseFunctions(document, this.config.schemaPath, this.config.functionsDir),
    };
  }

  /** Registers a step that must succeed before a new project is swapped in (and runs it on the current one). */
  onApply(applier: ProjectApplier): void {
    applier({ schema: this.schema, buckets: this.buckets, functions: this.functions }, {});
    this.appliers.push(applier);
  }

  /**
   * Changes the deployed project: `change` edits a copy of the document; the copy is parsed,
   * applied and written (atomically) before anyone sees it. Only a deploy target takes changes.
   */
  update<T>(change: (document: ProjectDocument) => T, options: ApplyOptions = {}): T {
    this.assertDeployTarget();
    const next = this.read();
    const result = change(next);
    const parsed = this.parse(next);
    for (const applier of this.appliers) applier(parsed, options);
    this.write(next);
    this.document = next;
    this.swap(parsed);
    return result;
  }

  /** Only a deploy target takes changes: a server reading backend/appwrite.json never writes it. */
  assertDeployTarget(): void {
    if (!this.config.deployTarget) {
      throw new AppwriteError('general_access_forbidden', 'This local Appwrite serves backend/appwrite.json as read at start; start it with APPWRITE_SCHEMA=deploy to deploy a project to it.');
    }
  }

  /** Marks a created attribute or index `processing` until the work queued now has run. */
  startProcessing(key: string): void {
    this.processing.add(key);
    setImmediate(() => this.processing.delete(key));
  }

  statusOf(key: string): 'processing' | 'available' {
    return this.processing.has(key) ? 'processing' : 'available';
  }

  private swap(parsed: ParsedProject): void {
    this.revision += 1;
    replace(this.schema, parsed.schema);
    replace(this.buckets, parsed.buckets);
    replace(this.functions, parsed.functions);
  }

  private write(document: ProjectDocument): void {
    fs.mkdirSync(path.dirname(this.config.schemaPath), { recursive: true, mode: 0o700 });
    const tmp = `${this.config.schemaPath}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(tmp, this.config.schemaPath);
  }
}
