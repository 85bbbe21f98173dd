import type { AnySchema, SchemaDescription } from 'yup';

/** A JSON Schema (draft 2020-12, as OpenAPI 3.1 uses it), as far as the shared yup schemas need. */
export type JsonSchema = { [keyword: string]: unknown };

interface Described {
  type: string;
  optional?: boolean;
  nullable?: boolean;
  default?: unknown;
  oneOf?: unknown[];
  tests?: Array<{ name?: string; params?: Record<string, unknown> }>;
  fields?: Record<string, Described>;
  innerType?: Described;
}

/** The pattern of an e-mail address as JSON Schema's `format` names it rather than yup's long regex. */
const FORMAT_TESTS: Record<string, string> = { email: 'email', url: 'uri', uuid: 'uuid' };

const SIZE_KEYWORDS: Record<string, { min: string; max: string; length?: string }> = {
  string: { min: 'minLength', max: 'maxLength', length: 'length' },
  array: { min: 'minItems', max: 'maxItems', length: 'length' },
  number: { min: 'minimum', max: 'maximum' },
};

function fromDescription(description: Described): JsonSchema {
  const schema: JsonSchema = {};
  const type = description.type === 'mixed' ? undefined : description.type;
  const tests = description.tests ?? [];
  const isInteger = tests.some((test) => test.name === 'integer');
  const jsonType = type === 'number' && isInteger ? 'integer' : type;
  if (jsonType) schema.type = description.nullable ? [jsonType, 'null'] : jsonType;

  const allowed = (description.oneOf ?? []).filter((value) => value !== undefined && value !== null);
  if (allowed.length) schema.enum = description.nullable ? [...allowed, null] : allowed;

  const sizes = type ? SIZE_KEYWORDS[type] : undefined;
  for (const test of tests) {
    const name = test.name ?? '';
    const params = test.params ?? {};
    if (sizes && name === 'min') schema[sizes.min] = params.min;
    if (sizes && name === 'max') schema[sizes.max] = params.max;
    if (sizes?.length && name === 'length') {
      schema[sizes.min] = params.length;
      schema[sizes.max] = params.length;
    }
    if (name in FORMAT_TESTS) schema.format = FORMAT_TESTS[name];
    else if (name === 'matches' && params.regex instanceof RegExp) schema.pattern = params.regex.source;
  }
  if (description.default !== undefined && typeof description.default !== 'function') {
    schema.default = description.default;
  }

  if (type === 'object' && description.fields) {
    const entries = Object.entries(description.fields);
    schema.properties = Object.fromEntries(entries.map(([name, field]) => [name, fromDescription(field)]));
    const required = entries.filter(([, field]) => field.optional === false).map(([name]) => name);
    if (required.length) schema.required = required;
    // yup's noUnknown() is a test of that name: only then are other fields refused.
    if (tests.some((test) => test.name === 'noUnknown')) schema.additionalProperties = false;
  }
  if (type === 'array' && description.innerType) schema.items = fromDescription(description.innerType);
  return schema;
}

/**
 * The JSON Schema of a shared yup schema, from its description: types, required and nullable fields, allowed values,
 * lengths, bounds, patterns and formats. Rules written as custom tests are checked by the server, not described.
 */
export function toJsonSchema(schema: AnySchema): JsonSchema {
  return fromDescription(schema.describe() as SchemaDescription as unknown as Described);
}
