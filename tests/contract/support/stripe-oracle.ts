import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import type { RecordedExchange } from './vendor-oracle';

/**
 * Two published descriptions of Stripe's objects as an oracle for the emulator's answers:
 * - the `stripe` SDK's own type declarations (`node_modules/stripe/cjs/resources/*.d.ts`) say which fields an object
 *   has and which of them are optional (`quantity?: number`): every other field must be there, and no unknown one;
 * - Stripe's published sample of every resource (`stripe-fixtures3.json`, from stripe/openapi) gives each field's
 *   JSON type: a value has the sample's type or is null, and an id field may come expanded into its object.
 * A response's `object` names the resource; lists check each item, and nested objects that name their own resource
 * (a subscription's items, an expanded invoice) are checked as that resource.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/vendor-specs/stripe-fixtures3.json');
const SDK_TYPES = path.resolve(import.meta.dirname, '../../../node_modules/stripe/cjs/resources');

/** Where the SDK declares each resource the emulator answers with. */
const SDK_INTERFACES: Record<string, [file: string, name: string]> = {
  customer: ['Customers.d.ts', 'Customer'],
  deleted_customer: ['Customers.d.ts', 'DeletedCustomer'],
  setup_intent: ['SetupIntents.d.ts', 'SetupIntent'],
  payment_method: ['PaymentMethods.d.ts', 'PaymentMethod'],
  product: ['Products.d.ts', 'Product'],
  price: ['Prices.d.ts', 'Price'],
  plan: ['Plans.d.ts', 'Plan'],
  'billing.meter': ['Billing/Meters.d.ts', 'Meter'],
  'billing.meter_event': ['Billing/MeterEvents.d.ts', 'MeterEvent'],
  'billing.meter_event_summary': ['Billing/MeterEventSummaries.d.ts', 'MeterEventSummary'],
  subscription: ['Subscriptions.d.ts', 'Subscription'],
  subscription_item: ['SubscriptionItems.d.ts', 'SubscriptionItem'],
  invoice: ['Invoices.d.ts', 'Invoice'],
  line_item: ['InvoiceLineItems.d.ts', 'InvoiceLineItem'],
  'billing_portal.session': ['BillingPortal/Sessions.d.ts', 'Session'],
  'test_helpers.test_clock': ['TestHelpers/TestClocks.d.ts', 'TestClock'],
};

interface SdkField {
  name: string;
  optional: boolean;
}

/** The top-level fields of `export interface Name { … }` in one of the SDK's declaration files. */
function sdkFields(file: string, name: string): SdkField[] {
  const lines = fs.readFileSync(path.join(SDK_TYPES, file), 'utf8').split('\n');
  const start = lines.indexOf(`export interface ${name} {`);
  if (start < 0) throw new Error(`the stripe SDK declares no ${name} in ${file}`);
  const fields: SdkField[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '}') break;
    const match = /^ {4}(\w+)(\?)?: /.exec(line);
    if (match) fields.push({ name: match[1]!, optional: match[2] === '?' });
  }
  return fields;
}

type Schema = Record<string, unknown>;

const ID_LIKE = /^[a-z]+(_[a-z]+)*_[A-Za-z0-9]+$/;

/** The schema of a value from its sample; objects that name their own resource are left to their own check. */
function schemaOf(sample: unknown, fixtures: Record<string, unknown>): Schema {
  if (sample === null) return {};
  if (Array.isArray(sample)) {
    return { type: ['array', 'null'], ...(sample.length ? { items: schemaOf(sample[0], fixtures) } : {}) };
  }
  switch (typeof sample) {
    case 'string':
      return ID_LIKE.test(sample)
        ? { anyOf: [{ type: ['string', 'null'] }, { type: 'object', required: ['id', 'object'] }] }
        : { type: ['string', 'null'] };
    case 'number':
      return { type: ['number', 'null'] };
    case 'boolean':
      return { type: ['boolean', 'null'] };
    case 'object': {
      const record = sample as Record<string, unknown>;
      const keys = Object.keys(record);
      if (keys.length === 0 || (typeof record.object === 'string' && record.object in fixtures)) {
        return { type: ['object', 'null'] };
      }
      return {
        type: ['object', 'null'],
        required: keys,
        properties: Object.fromEntries(keys.map((key) => [key, schemaOf(record[key], fixtures)])),
      };
    }
    default:
      return {};
  }
}

/** A resource: the SDK's fields (required unless optional, nothing else), typed by the sample. */
function resourceSchema(resource: string, fixtures: Record<string, unknown>): Schema {
  const sample = (fixtures[resource] ?? {}) as Record<string, unknown>;
  const declared = SDK_INTERFACES[resource];
  const fields = declared ? sdkFields(...declared) : Object.keys(sample).map((name) => ({ name, optional: false }));
  const typeOf = (name: string): Schema =>
    name === 'metadata'
      ? { type: ['object', 'null'], additionalProperties: { type: 'string' } }
      : name in sample
        ? schemaOf(sample[name], fixtures)
        : {};
  return {
    type: 'object',
    required: fields.filter((field) => !field.optional).map((field) => field.name),
    properties: Object.fromEntries(fields.map((field) => [field.name, typeOf(field.name)])),
    additionalProperties: false,
  };
}

const ERROR_SCHEMA: Schema = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['type', 'message'],
      properties: {
        type: { enum: ['api_error', 'card_error', 'idempotency_error', 'invalid_request_error'] },
        message: { type: 'string', minLength: 1 },
        code: { type: 'string' },
        decline_code: { type: 'string' },
        param: { type: 'string' },
        doc_url: { type: 'string' },
        setup_intent: { type: 'object' },
      },
    },
  },
};

const LIST_SCHEMA: Schema = {
  type: 'object',
  required: ['object', 'data', 'has_more', 'url'],
  additionalProperties: false,
  properties: {
    object: { const: 'list' },
    data: { type: 'array' },
    has_more: { type: 'boolean' },
    url: { type: 'string', pattern: '^/v1/' },
  },
};

export interface StripeOracle {
  /** What is wrong with one JSON answer of the emulator; empty when Stripe could have sent it. */
  problemsOf(body: unknown, status: number): string[];
}

let cached: StripeOracle | undefined;

export function stripeOracle(): StripeOracle {
  if (cached) return cached;
  const fixtures = (JSON.parse(fs.readFileSync(FIXTURES, 'utf8')) as { resources: Record<string, unknown> }).resources;
  const ajv = new Ajv({ strict: false, allErrors: true });
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (resource: string) => {
    let validate = validators.get(resource);
    if (!validate) {
      validate = ajv.compile(resourceSchema(resource, fixtures));
      validators.set(resource, validate);
    }
    return validate;
  };
  const errorsOf = (validate: ValidateFunction, body: unknown, where: string) =>
    validate(body) ? [] : (validate.errors ?? []).map((error) => `${where}${error.instancePath} ${error.message}`);
  const listValidator = ajv.compile(LIST_SCHEMA);
  const errorValidator = ajv.compile(ERROR_SCHEMA);

  /** Checks an object by its `object`, then every nested object that names its own resource. */
  const check = (value: unknown, where: string): string[] => {
    if (Array.isArray(value)) return value.flatMap((item, index) => check(item, `${where}/${index}`));
    if (typeof value !== 'object' || value === null) return [];
    const record = value as Record<string, unknown>;
    const kind = typeof record.object === 'string' ? record.object : null;
    const own =
      kind === 'list'
        ? errorsOf(listValidator, record, where)
        : kind && 'deleted' in record
          ? errorsOf(validatorFor(`deleted_${kind}`), record, where)
          : kind && fixtures[kind]
            ? errorsOf(validatorFor(kind), record, where)
            : kind
              ? [`${where} Stripe publishes no "${kind}" object`]
              : [];
    const nested = Object.entries(record).flatMap(([key, child]) => check(child, `${where}/${key}`));
    return [...own, ...nested];
  };

  cached = {
    problemsOf(body, status) {
      if (status >= 400) return errorsOf(errorValidator, body, '(error)');
      if (typeof body !== 'object' || body === null || typeof (body as { object?: unknown }).object !== 'string') {
        return ['the answer is not a Stripe object'];
      }
      return check(body, '');
    },
  };
  return cached;
}

/** Each recorded answer that Stripe could not have sent, as one readable line. */
export function stripeViolations(exchanges: ReadonlyArray<RecordedExchange<'stripe'>>): string[] {
  const oracle = stripeOracle();
  const lines = exchanges
    .filter((exchange) => exchange.path.startsWith('/v1/'))
    .flatMap((exchange) => {
      const where = `${exchange.method} ${exchange.path.replace(/\/[a-z]+_[A-Za-z0-9_]*[A-Z0-9][A-Za-z0-9_]*/g, '/{id}')} ${exchange.status}`;
      if (!exchange.contentType.startsWith('application/json')) return [`${where}: not JSON`];
      return oracle
        .problemsOf(JSON.parse(exchange.body.toString('utf8')), exchange.status)
        .map((problem) => `${where}: ${problem}`);
    });
  return [...new Set(lines)];
}
