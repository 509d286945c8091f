// Runs one function execution in a fresh child process (see runtime/runner.mjs), so function code
// can neither crash nor block the server; the timeout is enforced by killing the child.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUNNER = fileURLToPath(new URL('./runtime/runner.mjs', import.meta.url));

export interface RunRequest {
  entry: string;
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array;
  path: string;
  queryString: string;
  scheme: string;
  host: string;
  port: number;
}

export interface RunResult {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
  logs: string;
  errors: string;
  durationSeconds: number;
  timedOut: boolean;
}

interface ChildReply {
  response: { statusCode: number; headers: Record<string, string>; body: Uint8Array };
  logs: string;
  errors: string;
}

function isReply(m: unknown): m is ChildReply {
  return typeof m === 'object' && m !== null && 'response' in m && 'logs' in m && 'errors' in m;
}

/** Never rejects: every failure mode becomes a 5xx result, as in open-runtimes. */
export function runFunction(r: RunRequest): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    let stdout = '';
    let stderr = '';
    const finish = (result: Omit<RunResult, 'durationSeconds'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      resolve({ ...result, durationSeconds: Math.round((performance.now() - started) / 10) / 100 });
    };
    const child = fork(RUNNER, [], {
      cwd: r.cwd,
      env: r.env,
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout?.on('data', (d: Buffer) => { stdout += d.toString('utf8'); });
    child.stderr?.on('data', (d: Buffer) => { stderr += d.toString('utf8'); });
    const timer = setTimeout(() => {
      finish({ statusCode: 500, headers: {}, body: Buffer.alloc(0), logs: stdout, errors: `${stderr}Execution timed out.`, timedOut: true });
    }, r.timeoutMs);
    child.on('message', (m: unknown) => {
      if (!isReply(m)) return;
      finish({
        statusCode: m.response.statusCode,
        headers: m.response.headers,
        body: Buffer.from(m.response.body),
        logs: [m.logs, stdout].filter((s) => s !== '').join('\n'),
        errors: [m.errors, stderr].filter((s) => s !== '').join('\n'),
        timedOut: false,
      });
    });
    child.on('error', (err) => {
      finish({ statusCode: 503, headers: {}, body: Buffer.alloc(0), logs: stdout, errors: `${stderr}${err.message}`, timedOut: false });
    });
    child.on('exit', (code, signal) => {
      // A function that calls process.exit() or dies before answering.
      finish({ statusCode: 500, headers: {}, body: Buffer.alloc(0), logs: stdout, errors: `${stderr}Runtime exited (${signal ?? code}) before responding.`, timedOut: false });
    });
    child.send({
      entry: r.entry, method: r.method, headers: r.headers, body: r.body, path: r.path,
      queryString: r.queryString, scheme: r.scheme, host: r.host, port: r.port,
    });
  });
}
