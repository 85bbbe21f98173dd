import { describe, expect, it } from 'vitest';
import { injectEndpoints } from './baseApi';

const API_MODULES = import.meta.glob(['../features/**/*Api.ts', '../components/**/*Api.ts']);

describe('injectEndpoints', () => {
  it('takes the endpoints of every feature without two of them sharing a name', async () => {
    expect(Object.keys(API_MODULES).length).toBeGreaterThanOrEqual(10);
    for (const load of Object.values(API_MODULES)) await load();
  });

  it('refuses an endpoint whose name another feature already took', async () => {
    await API_MODULES['../features/agents/agentsApi.ts']?.();
    expect(() =>
      injectEndpoints({
        endpoints: (build) => ({ getAgents: build.query<unknown, void>({ query: () => 'somewhere-else' }) }),
      }),
    ).toThrow(/getAgents/);
  });
});
