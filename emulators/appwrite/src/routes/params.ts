// JSON-schema fragments for route parameters. Each `description` is the utopia validator text that
// the error handler puts into ``Invalid `<param>` param: <description>``.
import { CUSTOM_ID_DESCRIPTION, CUSTOM_ID_PATTERN, KEY_RE } from '../ids.ts';
import { PASSWORD_DESCRIPTION } from '../account/passwords.ts';

export function text(max: number, min = 0) {
  const description = min > 0
    ? `Value must be a valid string and at least ${min} chars and no longer than ${max} chars`
    : `Value must be a valid string and no longer than ${max} chars`;
  return { type: 'string', minLength: min, maxLength: max, description } as const;
}

export const email = {
  type: 'string',
  maxLength: 254,
  pattern: '^[^\\s@"<>(),;:]+@[^\\s@"<>(),;:]+\\.[^\\s@"<>(),;:]+$',
  description: 'Value must be a valid email address',
} as const;

export const password = { type: 'string', minLength: 8, maxLength: 256, description: PASSWORD_DESCRIPTION } as const;

export const customId = { type: 'string', pattern: CUSTOM_ID_PATTERN, description: CUSTOM_ID_DESCRIPTION } as const;

export const uid = {
  type: 'string',
  pattern: KEY_RE.source,
  description: CUSTOM_ID_DESCRIPTION.replace('Parameter', 'UID'),
} as const;

export const url = { type: 'string', maxLength: 2048, pattern: '^https?://[^\\s]+$', description: 'Value must be a valid URL' } as const;

export const boolean = { type: 'boolean', description: 'Value must be a valid boolean' } as const;

export const prefs = { type: 'object', description: 'Value must be a valid object.' } as const;

export function integerRange(min: number, max: number) {
  const fmt = (n: number): string => n.toLocaleString('en-US');
  return { type: 'integer', minimum: min, maximum: max, description: `Value must be a valid range between ${fmt(min)} and ${fmt(max)}` } as const;
}

export const queries = {
  type: 'array',
  maxItems: 100,
  items: { type: 'string', maxLength: 4096 },
  description: 'Value must a valid array no longer than 100 items and Value must be a valid string and no longer than 4096 chars',
} as const;

/** Query-string booleans arrive as text (`total=false`). */
export const queryBoolean = { type: 'string', enum: ['true', 'false', '1', '0'], description: 'Value must be a valid boolean' } as const;

export function body<P extends Record<string, unknown>>(properties: P, required: Array<keyof P & string> = []) {
  return { type: 'object', properties, required } as const;
}
