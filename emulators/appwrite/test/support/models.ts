// Response bodies validated against the published OpenAPI models (open-api3-1.8.x-client.json).
// Two documented differences from that 1.8.1 file: `$sequence` is a string since 1.9 (the v27 SDK
// types say so, PROTOCOL §1.8), and the 2.0.0 Execution model has `resourceId`/`resourceType`
// instead of `functionId` (PROTOCOL §4.2).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;
const specPath = fileURLToPath(new URL('../../../../../shared/reference/appwrite/open-api3-1.8.x-client.json', import.meta.url));
const spec = JSON.parse(fs.readFileSync(specPath, 'utf8')) as { components: { schemas: Record<string, Json> } };
/** Drop `example`s: their `$id` keys would read as schema ids to ajv. */
function stripExamples(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripExamples);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'example' && k !== 'x-example').map(([k, x]) => [k, stripExamples(x)]));
}
const schemas = stripExamples(spec.components.schemas) as Record<string, Json>;

for (const name of ['document', 'row']) {
  const props = schemas[name]?.['properties'] as Record<string, Json> | undefined;
  if (props?.['$sequence']) props['$sequence'] = { type: 'string' };
}
const execution = schemas['execution'] as Json;
const execution2 = structuredClone(execution);
const props2 = execution2['properties'] as Record<string, Json>;
delete props2['functionId'];
props2['resourceId'] = { type: 'string' };
props2['resourceType'] = { type: 'string', enum: ['functions', 'sites'] };
execution2['required'] = (execution2['required'] as string[]).filter((r) => r !== 'functionId').concat(['resourceId', 'resourceType']);
schemas['execution2'] = execution2;
schemas['executionList2'] = { ...structuredClone(schemas['executionList'] as Json), properties: { total: { type: 'integer' }, executions: { type: 'array', items: { $ref: '#/components/schemas/execution2' } } } };

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: 'spec', components: { schemas } });

const cache = new Map<string, ValidateFunction>();
/** Throws with ajv's errors when `body` does not match `components.schemas.<model>`. */
export function assertModel(model: string, body: unknown): void {
  let validate = cache.get(model);
  if (!validate) {
    validate = ajv.compile({ $ref: `spec#/components/schemas/${model}` });
    cache.set(model, validate);
  }
  if (!validate(body)) throw new Error(`${model} invalid: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
}
