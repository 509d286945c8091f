// Request bodies: JSON parsed as Appwrite's PHP would take it, other types kept as raw text.
import type { FastifyInstance } from 'fastify';
import { AppwriteError } from './errors.ts';

/**
 * PHP's `json_decode` default depth, the most Appwrite itself can read. Deeper values (a prefs
 * object nested 5,000 times) would later overflow the stack in `JSON.stringify`.
 */
export const MAX_JSON_DEPTH = 512;

/** Nesting depth of JSON text, counted without recursion (so an attacker's depth can't hurt it). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

export function installBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = text;
    if (text.trim() === '') return done(null, {});
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      return done(new AppwriteError('general_argument_invalid', `Invalid JSON body: nested deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppwriteError('general_bad_request', 'Invalid JSON body.'), undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = typeof body === 'string' ? body : body.toString('utf8');
    done(null, {});
  });
}
