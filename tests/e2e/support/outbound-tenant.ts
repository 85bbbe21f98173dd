import { createTestTenant } from '../../api/support/api-actions';
import type { ApiClient } from '../../api/support/api-client';
import { test as base, type FreshTenant } from './fixtures';

/** Tests whose fresh tenant's plan includes outbound calling (campaigns, contacts, offline drafts). */
export const outboundTenantFixture = {
  outboundTenant: async ({ api }: { api: ApiClient }, use: (tenant: FreshTenant) => Promise<void>) => {
    const { tenant, users } = await createTestTenant(api, {
      billingStatus: 'active',
      users: ['admin', 'user'],
      outboundCallingEnabled: true,
    });
    const [admin, user] = users;
    if (!admin || !user) throw new Error('the test tenant came without its admin and member');
    await use({ ...tenant, admin, user });
  },
};

export const test = base.extend<{ outboundTenant: FreshTenant }>(outboundTenantFixture);
