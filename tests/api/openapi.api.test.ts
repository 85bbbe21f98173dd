import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '@shared/api/openapi';
import { PUBLIC, SESSION_ONLY } from '@shared/api/permissions';
import { API_OPERATIONS, API_PREFIX, apiRoutes, keyRequirement } from '@shared/api/routes';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { TEST_DATABASES } from './support/test-app';

type Operation = { security: Array<Record<string, string[]>>; responses: Record<string, unknown> };

const sorted = (keys: Iterable<string>) => [...keys].sort();

describe.each(TEST_DATABASES)('OpenAPI document (%s)', (kind) => {
  const suite = useApiSuite(kind, { tenant: false });
  let document: OpenApiDocument;
  let operations: Map<string, Operation>;

  beforeAll(async () => {
    document = expectStatus(await suite.app.request('GET', apiRoutes.openApi()), 200, 'openapi').body;
    operations = new Map();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
        operations.set(`${method.toUpperCase()} ${API_PREFIX}${path.replace(/\{([A-Za-z]+)\}/g, ':$1')}`, operation);
      }
    }
  });

  it('is OpenAPI 3.1 with both ways to authenticate', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      apiKeyHeader: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
    });
  });

  it('names exactly the routes the server registers', () => {
    const registered = new Set<string>();
    for (const layer of suite.app.built.apiRouter.stack) {
      for (const method of layer.methods) if (method !== 'HEAD') registered.add(`${method} ${layer.path}`);
    }
    expect(sorted(registered).filter((key) => !operations.has(key))).toEqual([]);
    expect(sorted(operations.keys()).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('states what each route needs: nothing, a session, or a session or an API key', () => {
    for (const [key, operation] of operations) {
      const [method = '', path = ''] = key.split(' ');
      const requirement = keyRequirement(method, path.slice(API_PREFIX.length));
      const schemes = operation.security.flatMap((entry) => Object.keys(entry)).sort();
      if (requirement === PUBLIC) expect(schemes, key).toEqual([]);
      else if (requirement === SESSION_ONLY || requirement === undefined) expect(schemes, key).toEqual(['bearerAuth']);
      else expect(schemes, key).toEqual(['apiKeyHeader', 'bearerAuth']);
    }
  });

  it('publishes every declared answer schema, and every schema compiles', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    for (const { method, path, response } of API_OPERATIONS) {
      if (!response) continue;
      const { status } = response;
      const key = `${method} ${path}`;
      const operation = operations.get(key);
      expect(operation, key).toBeDefined();
      const schema = (operation?.responses[status] as { content: Record<string, { schema: object }> } | undefined)
        ?.content['application/json']?.schema;
      expect(schema, `${key} ${status}`).toBeDefined();
      expect(() => ajv.compile(schema as object), key).not.toThrow();
    }
  });

  it('is served without credentials as JSON', async () => {
    const response = await suite.app.request('GET', apiRoutes.openApi());
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
