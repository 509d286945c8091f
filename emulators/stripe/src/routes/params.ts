// JSON-schema fragments for Stripe's form parameters, declared on every `/v1` route (`schema.body` for POST,
// `schema.querystring` for GET and DELETE) and checked by Fastify's Ajv before a handler runs. Form values
// arrive as strings (`qs` nests brackets into objects and arrays), so integers and booleans are string
// patterns, and `''` is the SDK's way to unset a scalar. Each fragment names its `stripeParam` kind, which
// `paramProblem` turns into the text Stripe answers with (errors.ts sends it).
import type { FastifySchemaValidationError } from 'fastify';

export type ParamKind = 'string' | 'integer' | 'boolean' | 'enum' | 'hash' | 'array' | 'metadata' | 'metadata_key' | 'metadata_value' | 'range';

/** The annotation keyword Ajv is told about (app.ts); it does not validate anything itself. */
export const PARAM_KIND_KEYWORD = 'stripeParam';

type Schema = { [PARAM_KIND_KEYWORD]?: ParamKind } & Record<string, unknown>;

/** Stripe's default maximum for free text and ids (its OpenAPI `maxLength: 5000`). */
export function string(maxLength = 5000): Schema {
  return { type: 'string', maxLength, stripeParam: 'string' };
}

export const integer: Schema = { type: 'string', pattern: '^(-?[0-9]+)?$', stripeParam: 'integer' };

export const boolean: Schema = { type: 'string', enum: ['true', 'false', ''], stripeParam: 'boolean' };

export function oneOf(...values: string[]): Schema {
  return { type: 'string', enum: [...values, ''], stripeParam: 'enum' };
}

/** A timestamp that may also be a word (`trial_end: 'now'`). */
export function timestampOr(word: string): Schema {
  return { type: 'string', pattern: `^(${word}|-?[0-9]+)?$`, stripeParam: 'integer' };
}

interface NestedOptions {
  /** `''` clears it (Stripe's "emptyable" params); otherwise `''` is refused as not unsettable. */
  emptyable?: boolean;
}

/** A nested object (`invoice_settings[default_payment_method]=…`); keys it does not list are unknown params. */
export function hash(properties: Record<string, Schema>, opts: NestedOptions = {}): Schema {
  return {
    ...(opts.emptyable ? { type: ['object', 'string'], maxLength: 0 } : { type: 'object' }),
    properties, additionalProperties: false, stripeParam: 'hash',
  };
}

export function array(items: Schema, opts: NestedOptions & { maxItems?: number } = {}): Schema {
  return {
    ...(opts.emptyable ? { type: ['array', 'string'], maxLength: 0 } : { type: 'array' }),
    items, ...(opts.maxItems ? { maxItems: opts.maxItems } : {}), stripeParam: 'array',
  };
}

/** Documented limits: 50 keys, keys up to 40 characters, string values up to 500; `metadata=''` clears all. */
export const metadata: Schema = {
  type: ['object', 'string'], maxLength: 0, maxProperties: 50, propertyNames: { type: 'string', maxLength: 40, stripeParam: 'metadata_key' },
  additionalProperties: { type: 'string', maxLength: 500, stripeParam: 'metadata_value' }, stripeParam: 'metadata',
};

/** `created` and the like: an exact timestamp or `{gt, gte, lt, lte}`. */
export const range: Schema = {
  type: ['object', 'string'], pattern: '^(-?[0-9]+)?$',
  properties: { gt: integer, gte: integer, lt: integer, lte: integer }, additionalProperties: false, stripeParam: 'range',
};

export const expand = array(string(), { emptyable: true });

/** Cursor pagination (PROTOCOL §2): `limit` 1–100 is checked where the page is cut. */
export const listParams = { limit: integer, starting_after: string(), ending_before: string() };

export const searchParams = { query: string(), limit: integer, page: string() };

/** The params object of a route: `expand` is accepted everywhere, anything not listed is unknown. */
export function params(properties: Record<string, Schema> = {}): Schema {
  return { type: 'object', properties: { expand, ...properties }, additionalProperties: false };
}

/** `schema` for a POST route (params in the body). */
export const body = (properties: Record<string, Schema> = {}): { body: Schema } => ({ body: params(properties) });

/** `schema` for a GET or DELETE route (params in the query string). */
export const query = (properties: Record<string, Schema> = {}): { querystring: Schema } => ({ querystring: params(properties) });

/** `/a/b/0` → `a[b][0]`, the way Stripe names a nested param. */
function paramName(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  const [head = '', ...rest] = parts;
  return head + rest.map((p) => `[${p}]`).join('');
}

/** Long values are shown cut in the middle, as Stripe does (`Lottery Re...iting line`). */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 23 ? `${text.slice(0, 10)}...${text.slice(-10)}` : text;
}

/** What a 400 `invalid_request_error` for a refused param says. */
export interface ParamProblem {
  message: string;
  param: string;
  code?: string;
}

const invalid = (message: string, param: string, code?: string): ParamProblem => ({ message, param, ...(code ? { code } : {}) });

/** Stripe's answer for the first param Ajv refused (Fastify stops at the first, `allErrors: false`). */
export function paramProblem(issue: FastifySchemaValidationError): ParamProblem {
  const { keyword, instancePath, params: details } = issue;
  const schema = (issue as { parentSchema?: Schema }).parentSchema ?? {};
  const data = (issue as { data?: unknown }).data;
  if (keyword === 'additionalProperties' && schema.stripeParam !== 'metadata') {
    const param = paramName(instancePath, String(details.additionalProperty));
    return invalid(`Received unknown parameter: ${param}`, param, 'parameter_unknown');
  }
  if (keyword === 'required') {
    const param = paramName(instancePath, String(details.missingProperty));
    return invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
  }
  const param = paramName(instancePath);
  if (data === '' && (schema.stripeParam === 'hash' || schema.stripeParam === 'array')) {
    return invalid(
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      param, 'parameter_invalid_empty',
    );
  }
  switch (schema.stripeParam) {
    case 'integer': return invalid(`Invalid integer: ${shown(data)}`, param, 'parameter_invalid_integer');
    case 'boolean': return invalid(`Invalid boolean: ${shown(data)}`, param);
    case 'enum': {
      const values = ((schema.enum as string[] | undefined) ?? []).filter((v) => v !== '');
      const listed = values.length > 1 ? `${values.slice(0, -1).join(', ')}, or ${values.at(-1)}` : values.join('');
      return invalid(`Invalid ${param}: must be one of ${listed}`, param);
    }
    case 'hash': return invalid('Invalid hash', param);
    case 'array': return invalid('Invalid array', param);
    case 'range': return keyword === 'pattern' ? invalid(`Invalid integer: ${shown(data)}`, param, 'parameter_invalid_integer') : invalid('Invalid hash', param);
    case 'metadata':
      // Texts from Stripe's own answer on stripe/stripe-php#246; the key count has no published text.
      if (keyword === 'maxProperties') return invalid('Invalid metadata: must have at most 50 keys', param);
      return invalid('Invalid hash', param);
    case 'string':
      if (keyword === 'maxLength') return invalid(`Invalid string: ${shown(data)}; must be at most ${String(details.limit)} characters`, param);
      return invalid(`Invalid string: ${shown(data)}`, param);
    case 'metadata_key':
      return invalid(`Invalid key: ${String(details.propertyName ?? data)} must be a string under 40 characters`, param);
    case 'metadata_value':
      return invalid(`Invalid val: ${shown(data)} must be a string under 500 characters`, paramName(instancePath.replace(/\/[^/]*$/, '')));
    default:
      return invalid(typeof schema.description === 'string' ? schema.description : `Invalid ${param}`, param);
  }
}
