// What every function takes from its execution: the context Appwrite's Node runtime passes to
// `export default async (context)`, the JSON body, and Appwrite clients for the project.
import { Client } from 'node-appwrite';

/**
 * The part of the runtime's context the functions use. `x-appwrite-key` (a key scoped to the
 * function), `x-appwrite-user-id` (the caller, when signed in) and `x-appwrite-client-ip` are set
 * by Appwrite; other headers are the caller's.
 * @typedef {object} ExecutionRequest
 * @property {Record<string, string | undefined>} headers
 * @property {string} bodyText
 * @property {Buffer} [bodyBinary]
 * @property {string} [method] the HTTP method (createExecution's `method`, or a function domain request's)
 * @property {string} [path] the path after the function (a function domain's `/…`, createExecution's `path`)
 *
 * @typedef {object} Context
 * @property {ExecutionRequest} req
 * @property {{ json: (body: unknown, status?: number) => unknown, text: (body: string, status?: number, headers?: Record<string, string>) => unknown }} res
 * @property {(message: string) => void} log
 * @property {(message: string) => void} error
 */

/**
 * The JSON body of an execution; anything else (empty, not JSON, not an object) reads as an empty
 * object, so a function validates each field it takes and never fails on the body's shape.
 * @param {string} bodyText
 * @returns {Record<string, unknown>}
 */
export function readBody(bodyText) {
  try {
    const body = /** @type {unknown} */ (JSON.parse(bodyText || '{}'));
    return body && typeof body === 'object' ? /** @type {Record<string, unknown>} */ (body) : {};
  } catch {
    return {};
  }
}

/** A client for this project without credentials: Appwrite treats its calls as a guest's. */
export function guestClient() {
  return new Client()
    .setEndpoint(process.env.APPWRITE_FUNCTION_API_ENDPOINT ?? '')
    .setProject(process.env.APPWRITE_FUNCTION_PROJECT_ID ?? '');
}

/**
 * A client with the execution's own API key (the scopes appwrite.json gives the function).
 * @param {ExecutionRequest} req
 */
export function serverClient(req) {
  return guestClient().setKey(req.headers['x-appwrite-key'] ?? '');
}

/** spec §8 "Sign-up rate limit": the answer when Appwrite rate-limits a step (its 429). */
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/**
 * What a caught error says, for the execution's error log (never sent to the caller).
 * @param {unknown} e
 */
export const messageOf = (e) => (e instanceof Error ? e.message : String(e));
