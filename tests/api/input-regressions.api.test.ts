import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiRoutes } from '@shared/api/routes';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { JSON_MAX_DEPTH } from '../../server/src/http/input-guard.middleware';
import { rawPath, rawRequest, type RawRequest } from './support/raw-request';
import { fieldTypes, ROUTE_MATRIX } from './support/route-matrix';
import { startTestApp, TEST_DATABASES, type TestApp } from './support/test-app';

/**
 * The inputs that answered 5xx before the hardening (with seed 424242 the fuzz found 87 body, 29 path, 2 query
 * and 864 method answers in 5xx on PostgreSQL), kept as fixed cases with the exact answer each now gets.
 */
const UNKNOWN_ID = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';

/** Every text field of every body route, each given a value of another JSON type in turn. */
const WRONG_TYPES: unknown[] = [['x'], { value: 'x' }, 42, true];
const wrongTypeCases = ROUTE_MATRIX.filter((route) => route.request && route.method !== 'GET').flatMap(
  ({ method, path, request, access }) =>
    Object.entries(fieldTypes(request))
      .filter(([, type]) => type === 'string')
      .map(([name], index) => ({
        method,
        // Platform routes are checked as the superadmin who may call them, so validation is what answers.
        asSuperadmin: access === 'superadmin',
        path: path.replace(/:[A-Za-z]+/g, UNKNOWN_ID),
        name,
        value: WRONG_TYPES[index % WRONG_TYPES.length],
      })),
);

describe.each(TEST_DATABASES)('inputs that once answered 500 (%s)', (kind) => {
  let app: TestApp;
  let token: string;
  let superadminToken: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    token = (await app.login(DEMO_ACCOUNTS.admin.email)).accessToken;
    superadminToken = (await app.login(DEMO_ACCOUNTS.superadmin.email)).accessToken;
  });
  afterAll(() => app?.close());

  const send = (request: RawRequest) =>
    rawRequest(app.baseUrl, {
      ...request,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...request.headers },
    });

  it.each(wrongTypeCases.map((c) => [`${c.method} ${c.path} ${c.name}=${JSON.stringify(c.value)}`, c] as const))(
    'refuses a wrong type, never casting it: %s',
    async (_name, { method, path, name, value, asSuperadmin }) => {
      const response = await send({
        method,
        path,
        body: JSON.stringify({ [name]: value }),
        ...(asSuperadmin ? { headers: { authorization: `Bearer ${superadminToken}` } } : {}),
      });
      expect(response.status, response.text).toBe(400);
      expect(response.json).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [name]: `${name} must be text` } });
    },
  );

  it('refuses a body that is not a JSON object', async () => {
    const response = await send({ method: 'POST', path: apiRoutes.auth.login(), body: '["a@b.co", "secret"]' });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ message: 'The request body must be a JSON object.' });
  });

  it.each([
    ['arrays at the top', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
    ['objects in a field', `{"name":${'{"a":'.repeat(10_000)}0${'}'.repeat(10_000)}}`],
    ['one level past the limit', `{"name":${'['.repeat(JSON_MAX_DEPTH)}${']'.repeat(JSON_MAX_DEPTH)}}`],
  ])('refuses JSON nested too deeply: %s', async (_name, body) => {
    const response = await send({ method: 'POST', path: apiRoutes.agents.collection(), body });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels).`,
    });
  });

  it('passes nesting at the limit on to the schema', async () => {
    const nested = `${'['.repeat(JSON_MAX_DEPTH - 1)}${']'.repeat(JSON_MAX_DEPTH - 1)}`;
    const response = await send({ method: 'POST', path: apiRoutes.agents.collection(), body: `{"name":${nested}}` });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ fields: { name: 'name must be text' } });
  });

  it('refuses NUL in a text field, in a key and in the query, and stores nothing', async () => {
    const before = await app.request('GET', apiRoutes.agents.collection(), { token });
    const inField = await send({
      method: 'POST',
      path: apiRoutes.agents.collection(),
      body: JSON.stringify({ ...apiRoutes.agents.collection.operation('POST').example, greeting: 'Hel\u0000lo' }),
    });
    expect(inField.status).toBe(400);
    expect(inField.json).toMatchObject({ fields: { greeting: 'Text must not contain NUL characters.' } });
    const inKey = await send({ method: 'POST', path: apiRoutes.agents.collection(), body: '{"na\\u0000me":"x"}' });
    expect(inKey.status).toBe(400);
    const inQuery = await send({ method: 'GET', path: `${apiRoutes.phoneNumbers.available()}?areaCode=%00` });
    expect(inQuery.status).toBe(400);
    expect(inQuery.json).toMatchObject({ fields: { areaCode: 'Text must not contain NUL characters.' } });
    const after = await app.request('GET', apiRoutes.agents.collection(), { token });
    expect(after.body.agents).toHaveLength(before.body.agents.length);
  });

  it('refuses a repeated query key instead of reading its first value', async () => {
    const country = await send({ method: 'GET', path: `${apiRoutes.phoneNumbers.available()}?country=NZ&country=AU` });
    expect(country.status).toBe(400);
    expect(country.json).toMatchObject({ fields: { country: 'country must be text' } });
    const limit = await send({ method: 'GET', path: `${apiRoutes.phoneNumbers.available()}?limit=5&limit=6` });
    expect(limit.status).toBe(400);
    expect(limit.json).toMatchObject({ fields: { limit: 'Limit must be a positive integer' } });
  });

  it.each([
    ['GET', rawPath(apiRoutes.agents.byId, '%00'), 'id'],
    ['PATCH', rawPath(apiRoutes.agents.byId, 'abc%00def'), 'id'],
    ['DELETE', rawPath(apiRoutes.agents.byId, '%2e%2e'), 'id'],
    ['GET', rawPath(apiRoutes.agents.byId, 'a'.repeat(129)), 'id'],
    ['GET', rawPath(apiRoutes.agents.byId, '%E2%82'), 'id'],
    ['GET', rawPath(apiRoutes.agents.byId, 'caf%C3%A9'), 'id'],
    ['GET', rawPath(apiRoutes.uploads.byId, '%00'), 'id'],
    ['GET', rawPath(apiRoutes.invitations.byToken, '%00'), 'token'],
    ['POST', rawPath(apiRoutes.agents.simulateCall, '%00'), 'id'],
  ])('refuses a malformed path parameter: %s %s', async (method, path, param) => {
    const response = await send({ method, path, body: method === 'GET' ? undefined : '{}' });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ fields: { [param]: `Invalid ${param} in the path.` } });
  });

  it.each([
    ['GET', apiRoutes.agents.byId(UNKNOWN_ID)],
    ['GET', apiRoutes.uploads.byId(UNKNOWN_ID)],
    ['GET', apiRoutes.invitations.byToken('no-such-invitation')],
  ])('answers 404 for a well-formed unknown id: %s %s', async (method, path) => {
    const response = await send({ method, path });
    expect(response.status).toBe(404);
  });

  it.each([
    ['TRACE', apiRoutes.agents.collection(), 'HEAD, GET, POST'],
    ['PROPFIND', apiRoutes.agents.byId(UNKNOWN_ID), 'HEAD, GET, PATCH, DELETE'],
    ['PUT', apiRoutes.agents.collection(), 'HEAD, GET, POST'],
    ['TRACE', apiRoutes.health(), 'HEAD, GET'],
  ])('answers %s %s with 405 and the Allow list', async (method, path, allow) => {
    const response = await send({ method, path });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.json).toMatchObject({
      code: 'METHOD_NOT_ALLOWED',
      message: `${method} is not allowed here. Allowed: ${allow}.`,
    });
  });

  it.each([
    ['a lone surrogate', '"seti_\\ud800"'],
    ['a path in the id', '"seti_1/../../customers"'],
    ['another kind of provider id', '"pm_card_visa"'],
  ])("refuses a SetupIntent id not of the provider's shape: %s", async (_name, value) => {
    const path = apiRoutes.billing.confirmPaymentMethod();
    const response = await send({ method: 'POST', path, body: `{"setupIntentId":${value}}` });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ fields: { setupIntentId: 'SetupIntent ID must look like seti_…' } });
  });

  it('answers 404, not 405 or 501, for a method on a path no route has', async () => {
    const response = await send({ method: 'TRACE', path: `${API_PREFIX}/no-such-route` });
    expect(response.status).toBe(404);
    expect(response.headers.allow).toBeUndefined();
    expect(response.json).toMatchObject({ code: 'NOT_FOUND' });
  });
});
