import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { rawRequest, type RawRequest, type RawResponse } from './support/raw-request';
import { fieldTypes, ROUTE_MATRIX, withHeadTwins, type RouteRule } from './support/route-matrix';
import { startTestApp, TEST_DATABASES, type TestApp } from './support/test-app';
import { assertProperty } from '../support/property-runs';

/**
 * No input answers 5xx: wrong JSON types for each schema field, NUL bytes, huge strings, deep nesting, hostile
 * path parameters and query strings, and every method a route does not support. 5xx are counted rather than
 * thrown, so a run reports how many there were; the seed is logged and PARLEY_FUZZ_SEED replays it.
 */
const SEED = Number(process.env.PARLEY_FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);

const ROUTES = withHeadTwins(ROUTE_MATRIX);
const BODY_ROUTES = ROUTES.filter((r) => r.method === 'POST' || r.method === 'PATCH' || r.method === 'PUT');
const PARAM_ROUTES = ROUTES.filter((r) => r.path.includes('/:'));
/** Methods Node's HTTP parser accepts; CONNECT opens a tunnel rather than asking a route, OPTIONS answers Allow. */
const PROBE_METHODS = http.METHODS.filter((m) => m !== 'CONNECT' && m !== 'OPTIONS');

const fieldsOf = (route: RouteRule) => fieldTypes(route.request);

const JSON_TYPES = {
  string: fc.string({ maxLength: 24 }),
  number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  object: fc.dictionary(
    fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('toString', 'valueOf')),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 4 },
  ),
} as const;

/** A value of any JSON type but the field's own. */
const wrongType = (type: string) =>
  fc.oneof(
    ...Object.entries(JSON_TYPES).flatMap(([name, arbitrary]) =>
      name === type ? [] : [arbitrary as fc.Arbitrary<unknown>],
    ),
  );

const withNul = fc.tuple(fc.string(), fc.string()).map(([head, tail]) => `${head}\u0000${tail}`);
/** Past every field's limit, and now and then past the body limit. */
const hugeString = fc.integer({ min: 1_000, max: 1_200_000 }).map((length) => 'x'.repeat(length));
const plausibleText = fc.oneof(
  fc.string({ minLength: 2, maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.emailAddress(),
  fc.constantFrom('+6495550879', 'https://example.com/faq', 'NZ', 'true'),
);
const fieldValue = (type: string) =>
  fc.oneof(
    { weight: 3, arbitrary: wrongType(type) },
    { weight: 2, arbitrary: withNul },
    { weight: 1, arbitrary: hugeString },
    { weight: 2, arbitrary: plausibleText },
  );

/** An object with some of the route's fields, each of a wrong type, with NUL, huge or plausible. */
/**
 * The route's valid body with one or two fields spoilt, so that a NUL or a wrong type reaches the database when
 * nothing else stops it, or with any number spoilt.
 */
const schemaBody = (fields: Record<string, string>, valid: Record<string, unknown>) => {
  const names = Object.keys(fields);
  const spoil = (maxLength: number) =>
    fc
      .subarray(names, { minLength: 1, maxLength: Math.min(maxLength, names.length) })
      .chain((chosen) => fc.record(Object.fromEntries(chosen.map((name) => [name, fieldValue(fields[name] ?? '')]))))
      .map((spoilt) => JSON.stringify({ ...valid, ...spoilt }));
  return fc.oneof({ weight: 3, arbitrary: spoil(2) }, { weight: 1, arbitrary: spoil(names.length) });
};

/** Arbitrary JSON, with the keys that prototype-pollution and field-injection attempts use. */
const hostileKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'tenantId',
  'tenant_id',
  'role',
  'id',
);
const arbitraryBody = fc
  .oneof(fc.jsonValue(), fc.dictionary(fc.oneof(hostileKey, fc.string()), fc.jsonValue(), { maxKeys: 8 }))
  .map((body) => JSON.stringify(body));

/** Nesting up to 10,000 levels as raw text, at the top or inside one of the route's fields. */
const deepBody = (fields: Record<string, string>) =>
  fc
    .record({
      depth: fc.oneof(fc.constant(10_000), fc.integer({ min: 1, max: 10_000 })),
      bracket: fc.constantFrom(['[', ']'], ['{"a":', '}']),
      field: fc.option(fc.constantFrom('name', ...Object.keys(fields)), { nil: undefined }),
    })
    .map(({ depth, bracket: [open, close], field }) => {
      const nested = `${open.repeat(depth)}0${close.repeat(depth)}`;
      return field ? `{${JSON.stringify(field)}:${nested}}` : nested;
    });

const bodyFor = (route: RouteRule) => {
  const fields = fieldsOf(route);
  const valid = route.example ?? {};
  const shaped = Object.keys(fields).length ? [{ weight: 4, arbitrary: schemaBody(fields, valid) }] : [];
  return fc.oneof(...shaped, { weight: 2, arbitrary: arbitraryBody }, { weight: 1, arbitrary: deepBody(fields) });
};

/**
 * A key no code of ours uses. The server runs in this process, so a request that wrote through `__proto__` or
 * `constructor.prototype` would put it on Object.prototype here; one that kept the key would answer it on success.
 */
const POLLUTION_MARK = 'parleyPollutionMark';
const pollutingKey = fc.constantFrom('__proto__', 'constructor', 'prototype');
/** The keys from a body or query object down to the mark: through a few fields, then the prototype chain. */
const pollutionPath = (fields: Record<string, string>) =>
  fc
    .tuple(
      fc.array(fc.constantFrom('metadata', 'a', ...Object.keys(fields)), { maxLength: 2 }),
      fc.oneof(
        fc.constant(['__proto__']),
        fc.constant(['constructor', 'prototype']),
        fc.array(pollutingKey, { minLength: 1, maxLength: 4 }),
      ),
    )
    .map(([fieldsFirst, chain]) => [...fieldsFirst, ...chain, POLLUTION_MARK]);

/**
 * The route's valid body with a polluting path added, written as JSON text: an object literal would set the
 * prototype instead of a `__proto__` key, and JSON.stringify would drop it.
 */
const pollutingBody = (route: RouteRule) =>
  fc.tuple(pollutionPath(fieldsOf(route)), fc.jsonValue({ maxDepth: 1 })).map(([path, value]) => {
    const [first = '', ...rest] = path;
    const nested = rest.reduceRight((inner, key) => `{${JSON.stringify(key)}:${inner}}`, JSON.stringify(value));
    const valid = JSON.stringify(route.example ?? {});
    return `${valid.slice(0, -1)}${valid === '{}' ? '' : ','}${JSON.stringify(first)}:${nested}}`;
  });

/** The same paths in a query string, in the bracket and dot notations query parsers expand into objects. */
const pollutingQuery = (route: RouteRule) =>
  fc
    .tuple(pollutionPath(fieldsOf(route)), fc.constantFrom('brackets', 'dots'), fc.constantFrom('1', 'true', 'x'))
    .map(([[first = '', ...rest], notation, value]) => {
      const key = notation === 'dots' ? [first, ...rest].join('.') : `${first}${rest.map((k) => `[${k}]`).join('')}`;
      return `?${encodeURIComponent(key)}=${value}&${key}=${value}`;
    });

/** Fails when a request put the mark on Object.prototype (and removes it, so that later requests start clean). */
function expectUnpolluted(response: RawResponse): void {
  const polluted = POLLUTION_MARK in {};
  delete (Object.prototype as Record<string, unknown>)[POLLUTION_MARK];
  expect(polluted, 'a request wrote onto Object.prototype').toBe(false);
  // A refusal may name the field it refused; an accepted request must not have kept it.
  if (response.status < 400)
    expect(response.text, 'the answer carries a key sent under __proto__ or constructor').not.toContain(POLLUTION_MARK);
}

/** A path segment as sent on the wire, already percent-encoded where a client would encode it. */
const hostileSegment = fc.oneof(
  fc.constantFrom('%00', '%2e%2e', '..', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '%', '%zz', '%E2%82', '%C0%AE', '%20'),
  withNul.map(encodeURIComponent),
  fc.integer({ min: 65, max: 6_000 }).map((length) => 'a'.repeat(length)),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 }).map(encodeURIComponent),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  fc.uuid(),
);

const pathWith = (route: RouteRule, segment: fc.Arbitrary<string>) =>
  segment.map((value) => route.path.replace(/:[A-Za-z]+/g, () => value));

const queryValue = fc.oneof(
  fc.constantFrom('%00', 'NZ', 'AU', 'true', 'false', '1', '0', '-1', '021', '%', '%zz', '', '1e309'),
  withNul.map(encodeURIComponent),
  fc.integer({ min: 100, max: 4_000 }).map((length) => '9'.repeat(length)),
  fc.string({ unit: 'grapheme', maxLength: 24 }).map(encodeURIComponent),
);

/** Query pairs with the route's own keys (repeated keys arrive as arrays) and strangers. */
const queryFor = (route: RouteRule) => {
  const known = Object.keys(fieldsOf(route));
  const key = fc.oneof(
    fc.constantFrom('country', 'to', ...known),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
  );
  return fc
    .array(fc.tuple(key, queryValue), { minLength: 1, maxLength: 6 })
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`);
};

/** What one property sent, and the answers that broke the rule: a 5xx, or a refusal with no message. */
interface Tally {
  requests: number;
  serverErrors: string[];
  unclear: string[];
}

const newTally = (): Tally => ({ requests: 0, serverErrors: [], unclear: [] });

const shorten = (text: string | undefined) =>
  text && text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : (text ?? '');

describe.each(TEST_DATABASES)('hostile input never answers 5xx (%s)', (kind) => {
  let app: TestApp;
  let token: string;
  const totals = newTally();

  beforeAll(async () => {
    app = await startTestApp(kind, {
      config: { loginMaxFailuresPerAccount: 1_000_000, loginMaxFailuresPerAddress: 1_000_000 },
    });
    token = (await app.login(DEMO_ACCOUNTS.admin.email)).accessToken;
  });
  afterAll(async () => {
    process.stdout.write(
      `[input-fuzz] ${kind} all seed=${SEED} requests=${totals.requests} 5xx=${totals.serverErrors.length}\n`,
    );
    await app?.close();
  });

  /** Sends one request as the tenant admin and records whether its answer broke the rule. */
  async function send(tally: Tally, request: RawRequest): Promise<RawResponse> {
    const response = await rawRequest(app.baseUrl, {
      ...request,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...request.headers },
    });
    tally.requests += 1;
    const line = `${request.method} ${shorten(request.path)} ${shorten(request.body)} → ${response.status} ${shorten(response.text)}`;
    const message = (response.json as { message?: unknown } | undefined)?.message;
    if (response.status >= 500) tally.serverErrors.push(line);
    else if (response.status >= 400 && request.method !== 'HEAD' && !(typeof message === 'string' && message))
      tally.unclear.push(line);
    return response;
  }

  function report(name: string, tally: Tally): void {
    totals.requests += tally.requests;
    totals.serverErrors.push(...tally.serverErrors);
    process.stdout.write(
      `[input-fuzz] ${kind} ${name} seed=${SEED} requests=${tally.requests} 5xx=${tally.serverErrors.length} unclear=${tally.unclear.length}\n`,
    );
    expect(tally.serverErrors.slice(0, 5), `seed ${SEED}: ${tally.serverErrors.length} answers were 5xx`).toEqual([]);
    expect(tally.unclear.slice(0, 5), `seed ${SEED}: ${tally.unclear.length} refusals had no message`).toEqual([]);
  }

  /**
   * Runs one property over generated requests (a fifth of them at least, the rest while the time lasts), then reports
   * and checks what they answered.
   */
  async function fuzz<T>(
    name: string,
    numRuns: number,
    requests: fc.Arbitrary<T>,
    toRequest: (value: T) => RawRequest,
  ) {
    const tally = newTally();
    await assertProperty(
      fc.asyncProperty(requests, async (value) => {
        const response = await send(tally, toRequest(value));
        expectUnpolluted(response);
      }),
      { minRuns: Math.ceil(numRuns / 5), numRuns, budgetMs: 15_000, seed: SEED },
    );
    report(name, tally);
  }

  it('bodies with wrong types, NUL bytes, huge strings, deep nesting or arbitrary JSON', async () => {
    const created = await app.request('POST', apiRoutes.agents.collection(), {
      token,
      body: apiRoutes.agents.collection.operation('POST').example,
    });
    expect(created.status, created.text).toBe(201);
    // An id that exists, so that a spoilt edit reaches the database, and ids that exist nowhere.
    const id = fc.oneof(fc.constant(String(created.body.agent.id)), fc.uuid());
    const requests = fc
      .constantFrom(...BODY_ROUTES)
      .chain((route) => fc.tuple(fc.constant(route), pathWith(route, id), bodyFor(route)));
    await fuzz('bodies', 600, requests, ([route, path, body]) => ({ method: route.method, path, body }));
  });

  it('path parameters with NUL, %00, dot segments, huge, malformed or unicode values', async () => {
    const requests = fc
      .constantFrom(...PARAM_ROUTES)
      .chain((route) => fc.tuple(fc.constant(route), pathWith(route, hostileSegment)));
    await fuzz('path parameters', 300, requests, ([route, path]) => ({
      method: route.method,
      path,
      body: route.method === 'GET' ? undefined : '{}',
    }));
  });

  it('query strings with repeated keys, NUL bytes, huge, malformed or unicode values', async () => {
    const requests = fc
      .constantFrom(...ROUTES)
      .chain((route) => fc.tuple(fc.constant(route), pathWith(route, fc.uuid()), queryFor(route)));
    await fuzz('query strings', 200, requests, ([route, path, query]) => ({
      method: route.method,
      path: `${path}${query}`,
    }));
  });

  it('__proto__, constructor and prototype keys nested in JSON bodies reach no object', async () => {
    const requests = fc
      .constantFrom(...BODY_ROUTES)
      .chain((route) => fc.tuple(fc.constant(route), pathWith(route, fc.uuid()), pollutingBody(route)));
    await fuzz('polluting bodies', 200, requests, ([route, path, body]) => ({ method: route.method, path, body }));
  });

  it('__proto__, constructor and prototype keys nested in query strings reach no object', async () => {
    const requests = fc
      .constantFrom(...ROUTES)
      .chain((route) => fc.tuple(fc.constant(route), pathWith(route, fc.uuid()), pollutingQuery(route)));
    await fuzz('polluting query strings', 200, requests, ([route, path, query]) => ({
      method: route.method,
      path: `${path}${query}`,
    }));
  });

  it('every route refuses every method it does not support with 405 and its Allow list', async () => {
    const tally = newTally();
    const allowedByPath = new Map<string, Set<string>>();
    for (const route of ROUTES)
      allowedByPath.set(route.path, (allowedByPath.get(route.path) ?? new Set()).add(route.method));
    const wrongAllow: string[] = [];
    for (const [routePath, allowed] of allowedByPath) {
      const path = routePath.replace(/:[A-Za-z]+/g, 'b9a6f0a2-3c1e-4d7f-9e21-6a0c5d4b8e11');
      for (const method of PROBE_METHODS.filter((m) => !allowed.has(m))) {
        const response = await send(tally, { method, path });
        const allow = new Set(String(response.headers.allow ?? '').split(/,\s*/));
        if (response.status !== 405 || [...allowed].some((m) => !allow.has(m)))
          wrongAllow.push(`${method} ${routePath} → ${response.status} Allow: ${response.headers.allow ?? '(none)'}`);
      }
    }
    report('methods', tally);
    expect(wrongAllow.slice(0, 5), `${wrongAllow.length} answers were not 405 with the route's methods`).toEqual([]);
  });
});
