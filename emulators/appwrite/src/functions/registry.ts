// Function entries of backend/appwrite.json (PROTOCOL §7.2) and where their code and local
// variables live.
import fs from 'node:fs';
import path from 'node:path';
import { KEY_RE } from '../ids.ts';

export interface FunctionDef {
  id: string;
  name: string;
  runtime: string;
  execute: string[];
  enabled: boolean;
  schedule: string;
  /** seconds */
  timeout: number;
  entrypoint: string;
  scopes: string[];
  /** absolute folder holding the function's code */
  dir: string;
  vars: Record<string, string>;
  /** Appwrite event names that trigger it (`databases.*.collections.clients.documents.*`, …) */
  events: string[];
}

function rec(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * `functionsDir` (env `APPWRITE_FUNCTIONS_DIR`) replaces every function's folder with
 * `<functionsDir>/<id>`, so tests can run fixture functions against the real project file.
 */
export function parseFunctions(project: unknown, projectFile: string, functionsDir?: string): Map<string, FunctionDef> {
  const out = new Map<string, FunctionDef>();
  const base = path.dirname(projectFile);
  const list = rec(project)['functions'];
  for (const raw of Array.isArray(list) ? list : []) {
    const f = rec(raw);
    const id = typeof f['$id'] === 'string' ? f['$id'] : '';
    if (!KEY_RE.test(id)) continue;
    const relPath = typeof f['path'] === 'string' ? f['path'] : `functions/${id}`;
    const vars: Record<string, string> = {};
    for (const [k, v] of Object.entries(rec(f['vars']))) if (typeof v === 'string') vars[k] = v;
    // Variables created through the API on a deploy target (routes/functions/manage.ts).
    for (const v of Array.isArray(f['variables']) ? f['variables'] : []) {
      const { key, value } = rec(v);
      if (typeof key === 'string' && typeof value === 'string') vars[key] = value;
    }
    out.set(id, {
      id,
      name: typeof f['name'] === 'string' ? f['name'] : id,
      runtime: typeof f['runtime'] === 'string' ? f['runtime'] : 'node-20.0',
      execute: strings(f['execute']),
      enabled: f['enabled'] !== false,
      schedule: typeof f['schedule'] === 'string' ? f['schedule'] : '',
      timeout: typeof f['timeout'] === 'number' && f['timeout'] > 0 ? f['timeout'] : 15,
      entrypoint: typeof f['entrypoint'] === 'string' ? f['entrypoint'] : 'src/main.js',
      scopes: strings(f['scopes']),
      dir: functionsDir ? path.resolve(functionsDir, id) : path.resolve(base, relPath),
      vars,
      events: strings(f['events']),
    });
  }
  return out;
}

/** `KEY=value` lines; `#` comments; optional single or double quotes around the value. */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m || !m[1]) continue;
    let value = m[2] ?? '';
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) value = value.slice(1, -1);
    out[m[1]] = value;
  }
  return out;
}

/**
 * The folder holding the function's `src/`: `<path>/<id>` when the functions deploy from one folder
 * with entrypoints `<id>/src/main.js` (backend/appwrite.json), `<path>` for `src/main.js`.
 */
export function ownFolder(def: FunctionDef): string {
  const parts = def.entrypoint.split('/');
  return parts.length > 2 ? path.join(def.dir, ...parts.slice(0, -2)) : def.dir;
}

/**
 * Per-function variables, later sources winning: `vars` in appwrite.json → `<ownFolder>/.env.local` →
 * env `FUNCTION_VARS_<ID>` (JSON object; id upper-cased, non-alphanumerics → `_`).
 */
export function functionVariables(def: FunctionDef, env: NodeJS.ProcessEnv): Record<string, string> {
  const vars: Record<string, string> = { ...def.vars };
  const dotenv = path.join(ownFolder(def), '.env.local');
  if (fs.existsSync(dotenv)) Object.assign(vars, parseDotenv(fs.readFileSync(dotenv, 'utf8')));
  const json = env[`FUNCTION_VARS_${def.id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`];
  if (json) {
    try {
      for (const [k, v] of Object.entries(rec(JSON.parse(json) as unknown))) vars[k] = String(v);
    } catch {
      // A malformed override is ignored rather than taking the function down.
    }
  }
  return vars;
}
