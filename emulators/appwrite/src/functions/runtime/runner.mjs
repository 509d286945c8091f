// @ts-check
// Child-process side of function executions: Appwrite's Node runtime contract (open-runtimes
// `runtimes/node/versions/latest/src/server.js`, PROTOCOL §4.3). Plain JavaScript on purpose: the
// function runs in bare Node, as in Appwrite's runtime. The process is a warm runtime for one
// function (one env, one module graph, like Appwrite's executor keeps a runtime per deployment):
// it serves many executions, several at a time, each with its own logs and errors — kept apart by
// AsyncLocalStorage, so console output lands in the execution that wrote it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const LOG_LIMIT = 8000;

/** @param {unknown} m */
function stringify(m) {
  if (typeof m === 'string') return m;
  if (m instanceof Error) return m.stack ?? m.message;
  try {
    return JSON.stringify(m) ?? String(m);
  } catch {
    return String(m);
  }
}

/** @param {unknown[]} msgs */
function line(msgs) {
  const s = msgs.map(stringify).join(' ');
  return s.length > LOG_LIMIT ? `${s.slice(0, LOG_LIMIT)}... Log truncated due to size limit (${LOG_LIMIT} characters)` : s;
}

/** @typedef {{ logs: string[], errors: string[], nativeLogs: boolean }} Capture */
/** @type {AsyncLocalStorage<Capture>} */
const current = new AsyncLocalStorage();

for (const name of /** @type {const} */ (['log', 'info', 'debug', 'warn', 'error'])) {
  const toErrors = name === 'warn' || name === 'error';
  console[name] = (...msgs) => {
    const capture = current.getStore();
    if (!capture) return;
    capture.nativeLogs = true;
    (toErrors ? capture.errors : capture.logs).push(line(msgs));
  };
}
// Bare writes to stdout/stderr during an execution belong to it too (stdout → logs, stderr → errors).
// stderr also reaches the server, which reports its tail if the runtime dies mid-execution.
for (const [stream, key] of /** @type {const} */ ([[process.stdout, 'logs'], [process.stderr, 'errors']])) {
  const write = stream.write.bind(stream);
  stream.write = /** @type {typeof stream.write} */ ((/** @type {unknown} */ chunk, /** @type {unknown[]} */ ...rest) => {
    const capture = current.getStore();
    capture?.[key].push(String(chunk).replace(/\n$/, ''));
    if (!capture || key === 'errors') return write(/** @type {string} */ (chunk), .../** @type {[]} */ (rest));
    const done = rest.find((r) => typeof r === 'function');
    if (typeof done === 'function') done();
    return true;
  });
}

/**
 * @typedef {{ statusCode: number, headers: Record<string, string>, body: Uint8Array }} FnResponse
 * @typedef {{ entry: string, method: string, headers: Record<string, string>, body: Uint8Array,
 *   path: string, queryString: string, scheme: string, host: string, port: number }} RunRequest
 */

/** @param {string} body @param {number} statusCode @param {Record<string,string>} headers @returns {FnResponse} */
function textResponse(body, statusCode, headers) {
  return { statusCode, headers, body: new TextEncoder().encode(body) };
}

const res = {
  /** @param {unknown} obj */
  json(obj, statusCode = 200, headers = {}) {
    return textResponse(JSON.stringify(obj), statusCode, { ...headers, 'content-type': 'application/json' });
  },
  /** @param {unknown} body */
  text(body, statusCode = 200, headers = {}) {
    return textResponse(String(body), statusCode, headers);
  },
  /** @param {unknown} body */
  send(body, statusCode = 200, headers = {}) {
    return textResponse(String(body), statusCode, headers);
  },
  /** @param {Uint8Array} bytes */
  binary(bytes, statusCode = 200, headers = {}) {
    return { statusCode, headers, body: new Uint8Array(bytes) };
  },
  empty() {
    return textResponse('', 204, {});
  },
  /** @param {string} url */
  redirect(url, statusCode = 301, headers = {}) {
    return textResponse('', statusCode, { ...headers, location: url });
  },
};

/** @param {string} entry */
async function importEntry(entry) {
  // open-runtimes: require() first, import() when the module is ESM.
  try {
    return createRequire(import.meta.url)(entry);
  } catch (err) {
    const code = err && typeof err === 'object' && 'code' in err ? err.code : '';
    if (code !== 'ERR_REQUIRE_ESM' && !(err instanceof SyntaxError)) throw err;
    return import(pathToFileURL(entry).href);
  }
}

/** @type {Map<string, Promise<Function>>} */
const loaded = new Map();

/** The module is loaded once per runtime, as in a warm Appwrite runtime. @param {string} entry */
function load(entry) {
  let p = loaded.get(entry);
  if (!p) {
    p = importEntry(entry).then((mod) => {
      const userFunction = mod && typeof mod.default === 'function' ? mod.default : mod;
      if (typeof userFunction !== 'function') throw new Error('User function is not valid.');
      return userFunction;
    });
    loaded.set(entry, p);
  }
  return p;
}

/** @param {RunRequest} r @param {Capture} capture */
async function run(r, capture) {
  const { logs, errors } = capture;
  let userFunction;
  try {
    userFunction = await load(r.entry);
  } catch (err) {
    errors.push(stringify(err));
    return { statusCode: 503, headers: {}, body: new Uint8Array() };
  }

  const bodyBinary = Buffer.from(r.body);
  const bodyText = bodyBinary.toString('utf8');
  const contentType = (r.headers['content-type'] ?? '').toLowerCase();
  /** @type {Record<string, string>} */
  const query = {};
  for (const pair of r.queryString.split('&')) {
    if (!pair) continue;
    const [k = '', ...rest] = pair.split('=');
    query[k] = rest.join('=');
  }
  const defaultPort = r.scheme === 'https' ? 443 : 80;
  const req = {
    bodyText,
    bodyRaw: bodyText,
    bodyBinary,
    get bodyJson() { return JSON.parse(bodyText); },
    get body() {
      if (contentType.startsWith('application/json')) return bodyText === '' ? {} : JSON.parse(bodyText);
      return bodyText;
    },
    headers: r.headers,
    method: r.method,
    host: r.host,
    port: r.port,
    scheme: r.scheme,
    path: r.path,
    queryString: r.queryString,
    query,
    url: `${r.scheme}://${r.host}${r.port === defaultPort ? '' : `:${r.port}`}${r.path}${r.queryString ? `?${r.queryString}` : ''}`,
  };
  const context = {
    req,
    res,
    /** @param {unknown[]} msgs */ log: (...msgs) => { logs.push(line(msgs)); },
    /** @param {unknown[]} msgs */ error: (...msgs) => { errors.push(line(msgs)); },
  };

  /** @type {unknown} */
  let out;
  try {
    out = await userFunction(context);
  } catch (err) {
    errors.push(stringify(err));
    return { statusCode: 500, headers: {}, body: new Uint8Array() };
  }
  if (!out || typeof out !== 'object' || !('statusCode' in out) || !('body' in out)) {
    errors.push('Return statement missing. return context.res.empty() if no response is expected.');
    return { statusCode: 500, headers: {}, body: new Uint8Array() };
  }
  const response = /** @type {FnResponse} */ (out);
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [k, v] of Object.entries(response.headers ?? {})) headers[k.toLowerCase()] = String(v);
  const ct = headers['content-type'];
  if (ct && !ct.includes('charset=') && !ct.startsWith('multipart/')) headers['content-type'] = `${ct}; charset=utf-8`;
  return { statusCode: response.statusCode, headers, body: response.body };
}

/** @param {unknown} m @returns {m is { id: number, request: RunRequest }} */
function isRun(m) {
  return typeof m === 'object' && m !== null && 'id' in m && 'request' in m;
}

process.on('message', (/** @type {unknown} */ msg) => {
  if (!isRun(msg)) return;
  /** @type {Capture} */
  const capture = { logs: [], errors: [], nativeLogs: false };
  current.run(capture, () => run(msg.request, capture))
    .catch((err) => { capture.errors.push(stringify(err)); return { statusCode: 500, headers: {}, body: new Uint8Array() }; })
    .then((response) => {
      if (capture.nativeLogs) capture.logs.push('Native logs detected. Use context.log() or context.error() for better experience.');
      process.send?.({ id: msg.id, response, logs: capture.logs.join('\n'), errors: capture.errors.join('\n') });
    });
});
// The server went away (even by SIGKILL): a runtime never outlives it.
process.on('disconnect', () => process.exit(0));
