import { describe, expect, it } from 'vitest';
import { PUBLIC, SESSION_ONLY } from './permissions';
import { API_OPERATIONS, API_PREFIX, API_ROUTES, apiRoutes, isApiPath, keyRequirement } from './routes';

describe('API routes', () => {
  it('build the path from the origin, the path relative to the API root and keep the Koa pattern', () => {
    expect(apiRoutes.agents.byId('a1')).toBe('/api/agents/a1');
    expect(apiRoutes.agents.byId.relative('a1')).toBe('agents/a1');
    expect(apiRoutes.agents.byId.pattern).toBe('/agents/:id');
    expect(apiRoutes.agents.collection()).toBe('/api/agents');
    expect(apiRoutes.agents.collection.relative()).toBe('agents');
    expect(apiRoutes.testSupport.tenantBilling('t1')).toBe('/api/test/tenants/t1/billing');
  });

  it('encode each parameter, so a value cannot reach another path', () => {
    expect(apiRoutes.invitations.byToken('a/../b?c=1#d')).toBe('/api/invitations/a%2F..%2Fb%3Fc%3D1%23d');
    expect(apiRoutes.agents.stats('x y').endsWith('/agents/x%20y/stats')).toBe(true);
  });

  it('refuse a wrong number of parameters at run time, as the types do at compile time', () => {
    // @ts-expect-error the pattern has one parameter
    expect(() => apiRoutes.agents.byId()).toThrow('/agents/:id needs a value for :id');
    // @ts-expect-error the pattern has none
    expect(() => apiRoutes.agents.collection('a1')).toThrow('/agents takes 0 parameters, not 1');
  });

  it('list every route once, each pattern under the prefix with at least one method', () => {
    const patterns = API_ROUTES.map((route) => route.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(API_ROUTES).toContain(apiRoutes.health);
    expect(API_ROUTES).toContain(apiRoutes.testSupport.tenantBilling);
    for (const route of API_ROUTES) {
      expect(route.pattern).toMatch(/^\/[a-z]/);
      expect(route.pattern.startsWith(API_PREFIX)).toBe(false);
      expect(route.methods.length).toBeGreaterThan(0);
    }
  });

  it('tell the API from pages of the renderer whose path merely begins the same', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath(apiRoutes.agents.collection())).toBe(true);
    expect(isApiPath('/api-keys')).toBe(false);
    expect(isApiPath('/apis/x')).toBe(false);
    expect(isApiPath('/')).toBe(false);
  });
});

describe('the route table', () => {
  it('states per method who may call it, with a tenant and behind the billing gate unless said otherwise', () => {
    expect(apiRoutes.agents.byId.operation('PATCH')).toMatchObject({
      method: 'PATCH',
      pattern: '/agents/:id',
      path: '/api/agents/:id',
      access: 'admin',
      tenant: true,
      billing: true,
      key: 'agents:write',
    });
    expect(apiRoutes.billing.status.operation('GET')).toMatchObject({ access: 'user', tenant: true, billing: false });
    expect(apiRoutes.plans.list.operation('GET')).toMatchObject({ tenant: false, key: 'usage:read' });
  });

  it('lets no key reach public or platform routes, nor a route it does not list', () => {
    expect(apiRoutes.health.operation('GET')).toMatchObject({ access: 'public', tenant: false, key: PUBLIC });
    expect(apiRoutes.admin.plans.operation('POST')).toMatchObject({ access: 'superadmin', key: SESSION_ONLY });
    expect(keyRequirement('HEAD', apiRoutes.agents.collection.pattern)).toBe('agents:read');
    expect(keyRequirement('PUT', apiRoutes.agents.collection.pattern)).toBeUndefined();
    expect(keyRequirement('GET', '/nowhere')).toBeUndefined();
  });

  it('lists every method of every route once, with an example its request schema accepts', async () => {
    const keys = API_OPERATIONS.map((operation) => `${operation.method} ${operation.pattern}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(API_ROUTES.reduce((count, route) => count + route.methods.length, 0));
    for (const { method, path, request, example } of API_OPERATIONS.filter((operation) => operation.example)) {
      await expect(request?.validate(example), `${method} ${path}`).resolves.toBeDefined();
    }
  });
});
