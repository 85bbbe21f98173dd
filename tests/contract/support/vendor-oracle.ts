import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats';

/**
 * The vendors' published API descriptions (tests/fixtures/vendor-specs) as an oracle: what an emulator sent for an
 * operation is right when it validates against the vendor's response schema for that operation and status.
 */

export type Vendor = 'elevenlabs' | 'twilio';

/** One response an emulator sent over HTTP, as the recording proxy saw it. */
export interface RecordedExchange<V extends string = Vendor> {
  vendor: V;
  method: string;
  /** The request path without its query string. */
  path: string;
  status: number;
  contentType: string;
  body: Buffer;
}

export interface OracleVerdict {
  /** `GET /v1/convai/agents/{agent_id}`: the vendor's operation, or null when the vendor describes no such path. */
  operation: string | null;
  problems: string[];
}

export interface VendorOracle {
  vendor: Vendor;
  /** The vendor's operation a request goes to; a literal path segment wins over a parameter. */
  operationOf(method: string, requestPath: string): string | null;
  check(exchange: Omit<RecordedExchange, 'vendor'>): OracleVerdict;
  /** Every `METHOD /template` the vendor's document describes, for mapping an emulator's route table onto it. */
  operations(): string[];
}

type SchemaObject = Record<string, unknown>;

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: SchemaObject }> }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, SchemaObject> };
}

const SPEC_DIR = path.resolve(import.meta.dirname, '../../fixtures/vendor-specs');
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const JSON_TYPE = 'application/json';

/**
 * Error bodies the documents leave out. ElevenLabs describes only its 422; its other errors are FastAPI's
 * `{detail:{status,message}}` (providers.md §1.1, from the vendor's public issue reports). Twilio's v2010 document
 * describes no error at all; its error body is `{code,message,more_info,status}` (twilio.com/docs/errors and the
 * SDK's RestException, which reads exactly these keys).
 */
const UNDOCUMENTED_ERRORS: Record<Vendor, SchemaObject> = {
  elevenlabs: {
    type: 'object',
    required: ['detail'],
    properties: {
      detail: {
        type: 'object',
        required: ['status', 'message'],
        properties: { status: { type: 'string', minLength: 1 }, message: { type: 'string', minLength: 1 } },
      },
    },
  },
  twilio: {
    type: 'object',
    required: ['code', 'message', 'more_info', 'status'],
    additionalProperties: false,
    properties: {
      code: { type: 'integer' },
      message: { type: 'string', minLength: 1 },
      more_info: { type: 'string', format: 'uri' },
      status: { type: 'integer', minimum: 400 },
    },
  },
};

const isSchema = (value: unknown): value is SchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readSpec(file: string): OpenApiDocument {
  return JSON.parse(fs.readFileSync(path.join(SPEC_DIR, file), 'utf8')) as OpenApiDocument;
}

function walkSchemas(value: unknown, visit: (schema: SchemaObject) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walkSchemas(item, visit);
  } else if (isSchema(value)) {
    visit(value);
    for (const child of Object.values(value)) walkSchemas(child, visit);
  }
}

/** An object schema whose every declared property must be present. */
function requireEveryProperty(schema: SchemaObject | undefined): void {
  if (schema?.type === 'object' && isSchema(schema.properties)) schema.required = Object.keys(schema.properties);
}

/**
 * Twilio's document is OpenAPI 3.0 and declares nothing `required`. Two adjustments make it an oracle:
 * - `nullable` with `enum`: Ajv reads `nullable` beside `type` but an enum must list null itself;
 * - its v2010 JSON carries every field of a resource and every page key, null when unset, and the SDK reads them
 *   all: the oracle requires each one, or a dropped field (the purchased number's `type`) would pass unseen.
 */
function twilioAsOracle(spec: OpenApiDocument): OpenApiDocument {
  walkSchemas(spec, (schema) => {
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
      schema.enum = [...(schema.enum as unknown[]), null];
    }
  });
  for (const schema of Object.values(spec.components.schemas)) requireEveryProperty(schema);
  for (const operations of Object.values(spec.paths)) {
    for (const operation of Object.values(operations)) {
      for (const response of Object.values(operation.responses ?? {})) {
        requireEveryProperty(response.content?.[JSON_TYPE]?.schema);
      }
    }
  }
  return spec;
}

/** Twilio's own string formats, as its examples and the SDK use them. */
function addTwilioFormats(ajv: Ajv): void {
  const absoluteUri = fullFormats.uri as (value: string) => boolean;
  // Twilio marks its resource and page URIs `format: uri` and writes them relative to https://api.twilio.com.
  ajv.addFormat('uri', (value: string) => value.startsWith('/') || absoluteUri(value));
  // Both E.164 numbers and their friendly forms (`(415) 555-0100`) carry `format: phone-number`.
  ajv.addFormat('phone-number', /^\+?[0-9 ()-]*[0-9][0-9 ()-]*$/);
  ajv.addFormat(
    'date-time-rfc-2822',
    /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$/,
  );
  ajv.addFormat('http-method', /^(GET|POST|PUT|PATCH|DELETE|HEAD)$/);
  ajv.addFormat('iso-country-code', /^[A-Z]{2}$/);
  for (const unchecked of [
    'phone-number-capabilities',
    'uri-map',
    'int64',
    'int32',
    'currency',
    'endpoint',
    'twiml',
    'ice-server',
  ]) {
    ajv.addFormat(unchecked, true);
  }
}

function templatePattern(template: string): RegExp {
  const escaped = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${escaped}$`);
}

const parameterCount = (template: string) => (template.match(/\{[^}]+\}/g) ?? []).length;

function createOracle(vendor: Vendor, spec: OpenApiDocument, ajv: Ajv): VendorOracle {
  const specId = `https://vendor-specs.parley.test/${vendor}.json`;
  ajv.addSchema({ ...spec, $id: specId }, undefined, undefined, false);
  const templates = Object.keys(spec.paths)
    .map((template) => ({ template, pattern: templatePattern(template) }))
    .sort((a, b) => parameterCount(a.template) - parameterCount(b.template));
  const undocumentedError = ajv.compile(UNDOCUMENTED_ERRORS[vendor]);
  const compiled = new Map<string, ValidateFunction>();

  const pointer = (...parts: string[]) =>
    parts.map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

  const operationOf = (method: string, requestPath: string) => {
    const lower = method.toLowerCase();
    const found = templates.find(({ template, pattern }) => pattern.test(requestPath) && spec.paths[template]?.[lower]);
    return found ? `${method.toUpperCase()} ${found.template}` : null;
  };

  const problemsOf = (validate: ValidateFunction, body: unknown) =>
    validate(body)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message ?? 'is invalid'}`);

  return {
    vendor,
    operationOf,
    operations: () =>
      Object.entries(spec.paths).flatMap(([template, operations]) =>
        Object.keys(operations)
          .filter((method) => HTTP_METHODS.includes(method))
          .map((method) => `${method.toUpperCase()} ${template}`),
      ),
    check({ method, path: requestPath, status, contentType, body }) {
      const operation = operationOf(method, requestPath);
      if (!operation) return { operation, problems: [`${vendor} describes no ${method} ${requestPath}`] };
      const [, template = ''] = operation.split(' ');
      const response = spec.paths[template]?.[method.toLowerCase()]?.responses?.[String(status)];
      const isJson = contentType.split(';')[0]?.trim() === JSON_TYPE;
      let parsed: unknown;
      if (isJson) {
        try {
          parsed = JSON.parse(body.toString('utf8'));
        } catch {
          return { operation, problems: ['the body is not JSON'] };
        }
      }
      if (!response) {
        if (status < 400) return { operation, problems: [`${vendor} describes no ${status} answer for ${operation}`] };
        if (!isJson) return { operation, problems: [`the ${status} error body is not JSON`] };
        const problems = problemsOf(undocumentedError, parsed);
        if (vendor === 'twilio' && (parsed as { status?: unknown }).status !== status) {
          problems.push(`the body's status is not the HTTP status ${status}`);
        }
        return { operation, problems };
      }
      if (!response.content) {
        return { operation, problems: body.length ? [`${operation} answers ${status} without a body`] : [] };
      }
      if (!response.content[JSON_TYPE]) {
        // A binary answer (audio, a file): the vendor describes its media type only.
        const declared = Object.keys(response.content);
        const sent = contentType.split(';')[0]?.trim() ?? '';
        return {
          operation,
          problems: declared.includes(sent)
            ? []
            : [`${operation} answers ${status} with ${sent || 'no type'}, not ${declared}`],
        };
      }
      if (!isJson) return { operation, problems: [`the ${status} body is ${contentType || 'untyped'}, not JSON`] };
      const key = `${operation} ${status}`;
      let validate = compiled.get(key);
      if (!validate) {
        const schemaPath = pointer('paths', template, method.toLowerCase(), 'responses', String(status));
        validate = ajv.compile({ $ref: `${specId}#/${schemaPath}/content/${pointer(JSON_TYPE)}/schema` });
        compiled.set(key, validate);
      }
      return { operation, problems: problemsOf(validate, parsed) };
    },
  };
}

const oracles = new Map<Vendor, VendorOracle>();

/** The oracle for a vendor, built once per test process (the documents are large). */
export function vendorOracle(vendor: Vendor): VendorOracle {
  const cached = oracles.get(vendor);
  if (cached) return cached;
  let oracle: VendorOracle;
  if (vendor === 'elevenlabs') {
    // OpenAPI 3.1 schemas are JSON Schema 2020-12. `discriminator` (with `mapping`, which Ajv does not take) is left
    // to `oneOf`, whose branches differ by a `const` type, and Fern's `x-` keywords are annotations.
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    oracle = createOracle(vendor, readSpec('elevenlabs-openapi.json'), ajv);
  } else {
    const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    addTwilioFormats(ajv);
    oracle = createOracle(vendor, twilioAsOracle(readSpec('twilio_api_v2010.json')), ajv);
  }
  oracles.set(vendor, oracle);
  return oracle;
}
