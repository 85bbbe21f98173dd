import type { FormObject, FormValue } from './form-data';

/** How Stripe's v1 API reads parameters and answers: its error bodies, list objects and `expand`. */

export type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  /** Card errors on a SetupIntent carry the intent (and the payment method) as Stripe does. */
  setup_intent?: StripeObject;
  payment_method?: StripeObject;
}

/** A request Stripe refuses, thrown by a handler and answered as `{error:{…}}` with its status. */
export class StripeRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const DOC_URL = 'https://stripe.com/docs/error-codes';

export function errorBody(error: StripeRequestError): { error: Record<string, unknown> } {
  const { body } = error;
  return { error: { ...body, ...(body.code ? { doc_url: `${DOC_URL}/${body.code.replace(/_/g, '-')}` } : {}) } };
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeRequestError(400, { type: 'invalid_request_error', message, param, code });

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

export const invalidParam = (param: string, message: string) =>
  invalidRequest(message, param, 'parameter_invalid_string');

/** Stripe's answer for an id it does not hold: 404 `resource_missing`, "No such customer: 'cus_…'". */
export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeRequestError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

export const nowSecs = () => Math.floor(Date.now() / 1000);

export const isFormObject = (value: FormValue | undefined): value is FormObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parameters of one request, read with Stripe's coercions: every value arrives as a string. */
export class Params {
  private readonly read = new Set<string>();

  constructor(
    readonly values: FormObject,
    private readonly prefix = '',
  ) {}

  /** The value of a parameter, noting that the emulator looked at it. */
  private value(key: string): FormValue | undefined {
    this.read.add(key);
    return this.values[key];
  }

  /** The parameters sent that no handler looked at: what the emulator does not reproduce. */
  unread(): string[] {
    return Object.keys(this.values).filter((key) => !this.read.has(key));
  }

  /** The parameter's full name as the request spelled it (`items[0][price]`), for error bodies. */
  name(key: string) {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.value(key) !== undefined;
  }

  /** A string; an empty string (Stripe's "unset") reads as null. */
  string(key: string): string | null | undefined {
    const value = this.value(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidParam(this.name(key), `Invalid string: ${this.name(key)}`);
    return value === '' ? null : value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (!value) throw missingParam(this.name(key));
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined || value === null) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw invalidRequest(
        `Invalid ${this.name(key)}: must be one of ${allowed.join(', ')}`,
        this.name(key),
        'parameter_invalid_string',
      );
    }
    return value as T;
  }

  integer(key: string, options: { min?: number } = {}): number | undefined {
    const value = this.string(key);
    if (value === undefined || value === null) return undefined;
    const parsed = Number(value);
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(parsed) || parsed < (options.min ?? -Infinity)) {
      throw invalidRequest(`Invalid integer: ${value}`, this.name(key), 'parameter_invalid_integer');
    }
    return parsed;
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined || value === null) return undefined;
    if (value !== 'true' && value !== 'false') {
      throw invalidRequest(`Invalid boolean: ${value}`, this.name(key), 'parameter_invalid_boolean');
    }
    return value === 'true';
  }

  object(key: string): Params | undefined {
    const value = this.value(key);
    if (value === undefined || value === '') return undefined;
    if (!isFormObject(value)) throw invalidRequest(`Invalid object`, this.name(key), 'parameter_invalid_object');
    return new Params(value, this.name(key));
  }

  /** An array of objects (`items[0][price]`). */
  objects(key: string): Params[] | undefined {
    const value = this.value(key);
    if (value === undefined || value === '') return undefined;
    if (!Array.isArray(value) || !value.every(isFormObject)) {
      throw invalidRequest(`Invalid array`, this.name(key), 'parameter_invalid_array');
    }
    return value.map((item, index) => new Params(item as FormObject, `${this.name(key)}[${index}]`));
  }

  /** An array of strings (`expand[]`, `lookup_keys[0]`). */
  strings(key: string): string[] | undefined {
    const value = this.value(key);
    if (value === undefined || value === '') return undefined;
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
      throw invalidRequest(`Invalid array`, this.name(key), 'parameter_invalid_array');
    }
    return value as string[];
  }

  /** `metadata[k]=v` adds or replaces keys, `metadata[k]=` removes one, `metadata=` removes them all. */
  metadata(current: Record<string, string> = {}): Record<string, string> {
    const value = this.value('metadata');
    if (value === undefined) return current;
    if (value === '') return {};
    if (!isFormObject(value)) throw invalidRequest('Invalid metadata', 'metadata', 'parameter_invalid_object');
    const merged = { ...current };
    for (const [key, entry] of Object.entries(value)) {
      if (typeof entry !== 'string') throw invalidParam(`metadata[${key}]`, `Invalid metadata[${key}]`);
      if (entry === '') delete merged[key];
      else merged[key] = entry;
    }
    return merged;
  }

  expand(): string[] {
    return this.strings('expand') ?? [];
  }
}

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

/**
 * One page of a Stripe list: newest first, `limit` (1–100, default 10), and a cursor `starting_after` (older than
 * that id) or `ending_before` (newer than it).
 */
export function listObject(items: StripeObject[], params: Params, url: string) {
  const limit = params.integer('limit', { min: 1 }) ?? DEFAULT_LIMIT;
  if (limit > MAX_LIMIT) throw invalidRequest('This value must be less than or equal to 100.', 'limit');
  const newestFirst = [...items].reverse();
  const startingAfter = params.string('starting_after');
  const endingBefore = params.string('ending_before');
  let page: StripeObject[];
  let hasMore: boolean;
  if (endingBefore) {
    const index = newestFirst.findIndex((item) => item.id === endingBefore);
    if (index < 0) throw noSuch('object', endingBefore, 'ending_before');
    const before = newestFirst.slice(0, index);
    page = before.slice(-limit);
    hasMore = before.length > limit;
  } else {
    const index = startingAfter ? newestFirst.findIndex((item) => item.id === startingAfter) : -1;
    if (startingAfter && index < 0) throw noSuch('object', startingAfter, 'starting_after');
    const after = newestFirst.slice(index + 1);
    page = after.slice(0, limit);
    hasMore = after.length > limit;
  }
  return { object: 'list', data: page, has_more: hasMore, url };
}

/** A list object as Stripe nests it inside another (`subscription.items`, `invoice.lines`): all of it. */
export const nestedList = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

/** Fields Stripe leaves out unless they are expanded (`price.tiers`). */
const INCLUDABLE: Record<string, string[]> = { price: ['tiers'] };

/**
 * Applies `expand[]`: each dotted path names an id field to replace by its object (`latest_invoice`,
 * `data.default_payment_method`, `latest_invoice.payment_intent`), walking arrays on the way; includable fields
 * appear only when a path ends at them.
 */
export function expandResponse(
  body: unknown,
  paths: string[],
  lookup: (id: string) => StripeObject | undefined,
): unknown {
  const requested = new Set(paths.map((path) => path.split('.').pop()));
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    const record = value as Record<string, unknown>;
    const hidden = INCLUDABLE[String(record.object)] ?? [];
    return Object.fromEntries(
      Object.entries(record)
        .filter(([key]) => !hidden.includes(key) || requested.has(key))
        .map(([key, entry]) => [key, strip(entry)]),
    );
  };
  const expandAt = (value: unknown, path: string[], full: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => expandAt(item, path, full));
    if (typeof value !== 'object' || value === null || path.length === 0) return value;
    const [head = '', ...rest] = path;
    const record = value as Record<string, unknown>;
    let child = record[head];
    if (rest.length === 0 && INCLUDABLE[String(record.object)]?.includes(head)) return value;
    if (typeof child === 'string') {
      const found = lookup(child);
      if (!found) throw invalidRequest(`This property cannot be expanded (${head}).`, 'expand');
      child = found;
    } else if (child === undefined) {
      throw invalidRequest(`This property cannot be expanded (${full}).`, 'expand');
    }
    return { ...record, [head]: expandAt(child, rest, full) };
  };
  let expanded = body;
  for (const path of paths) expanded = expandAt(expanded, path.split('.'), path);
  return strip(expanded);
}

/** A card refused: 402 `card_error`, which the SDK raises as `StripeCardError` with its `decline_code`. */
export function cardError(
  message: string,
  code: string,
  options: { declineCode?: string; param?: string } = {},
): StripeRequestError {
  return new StripeRequestError(402, {
    type: 'card_error',
    code,
    message,
    ...(options.declineCode ? { decline_code: options.declineCode } : {}),
    param: options.param ?? '',
  });
}

export const DECLINE_MESSAGES: Readonly<Record<string, string>> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
};

export const cardDeclined = (declineCode: string) =>
  cardError(DECLINE_MESSAGES[declineCode] ?? 'Your card was declined.', 'card_declined', { declineCode });

/** Answers with Stripe's error body without throwing, so what the request changed (a failed intent) is kept. */
export function sendError(ctx: { status: number; body: unknown }, error: StripeRequestError): void {
  ctx.status = error.status;
  ctx.body = errorBody(error);
}
