// @ts-check
// Child-process side of a function execution: Appwrite's Node runtime contract (open-runtimes
// `runtimes/node/versions/latest/src/server.js`, PROTOCOL §4.3). Plain JavaScript on purpose: the
// function runs in bare Node, as in Appwrite's runtime, and a process start without a TypeScript
// loader keeps each execution ~250 ms cheaper. One process per execution = a fresh module graph.
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

/** @type {string[]} */ const logs = [];
/** @type {string[]} */ const errors = [];
let nativeLogs = false;

for (const name of /** @type {const} */ (['log', 'info', 'debug', 'warn', 'error'])) {
  const target = name === 'warn' || name === 'error' ? errors : logs;
  console[name] = (...msgs) => { nativeLogs = true; target.push(line(msgs)); };
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
async function load(entry) {
  // open-runtimes: require() first, import() when the module is ESM.
  try {
    return createRequire(import.meta.url)(entry);
  } catch (err) {
    const code = err && typeof err === 'object' && 'code' in err ? err.code : '';
    if (code !== 'ERR_REQUIRE_ESM' && !(err instanceof SyntaxError)) throw err;
    return import(pathToFileURL(entry).href);
  }
}

/** @param {RunRequest} r */
async function run(r) {
  let userFunction;
  try {
    const mod = await load(r.entry);
    userFunction = mod && typeof mod.default === 'function' ? mod.default : mod;
    if (typeof userFunction !== 'function') throw new Error('User function is not valid.');
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

process.once('message', (/** @type {RunRequest} */ msg) => {
  run(msg)
    .catch((err) => { errors.push(stringify(err)); return { statusCode: 500, headers: {}, body: new Uint8Array() }; })
    .then((response) => {
      if (nativeLogs) logs.push('Native logs detected. Use context.log() or context.error() for better experience.');
      process.send?.({ response, logs: logs.join('\n'), errors: errors.join('\n') }, () => process.exit(0));
    });
});
