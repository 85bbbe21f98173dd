import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminTenantsBillingResponse } from '@shared/api/admin-billing.types';
import { apiRoutes } from '@shared/api/routes';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { createTestTenant, freshTenant } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { createPlan } from './support/billing-actions';
import { TEST_DATABASES, type TestApp } from './support/test-app';

describe.each(TEST_DATABASES)('admin billing API (%s)', (kind) => {
  const suite = useApiSuite(kind);
  let app: TestApp;
  let superadmin: string;

  const page = async (query: string) =>
    expectStatus(
      await app.request<AdminTenantsBillingResponse>('GET', `${apiRoutes.admin.tenantsBilling()}?${query}`, {
        token: superadmin,
      }),
      200,
      `tenants billing ?${query}`,
    ).body;

  beforeAll(async () => {
    app = suite.app;
    superadmin = (await app.login(DEMO_ACCOUNTS.superadmin.email)).accessToken;
  });

  it('refuses everyone but superadmins', async () => {
    for (const token of [suite.tenant.user.token, suite.tenant.admin.token]) {
      expect((await app.request('GET', apiRoutes.admin.tenantsBilling(), { token })).status).toBe(403);
      const patch = await app.request('PATCH', apiRoutes.admin.tenantBilling(suite.tenant.id), {
        token,
        body: { billingStatus: 'canceled' },
      });
      expect(patch.status).toBe(403);
      expect((await app.request('POST', apiRoutes.admin.tenantSyncUsage(suite.tenant.id), { token })).status).toBe(403);
    }
    expect((await app.request('GET', apiRoutes.admin.tenantsBilling())).status).toBe(401);
  });

  it('pages, sorts and searches tenants in the database, with platform totals', async () => {
    const marker = `Zebra${Date.now()}`;
    for (const name of ['a', 'b', 'c']) {
      const created = await createTestTenant(app, { users: ['admin'] });
      await app.deps
        .db('tenants')
        .where({ id: created.tenant.id })
        .update({ name: `${marker} ${name}` });
    }
    const first = await page(`search=${marker.toLowerCase()}&pageSize=2&sortField=name&sortOrder=desc`);
    expect(first.total).toBe(3);
    expect(first.tenants.map((tenant) => tenant.name)).toEqual([`${marker} c`, `${marker} b`]);
    const second = await page(`search=${marker}&pageSize=2&page=1&sortField=name&sortOrder=desc`);
    expect(second.tenants.map((tenant) => tenant.name)).toEqual([`${marker} a`]);
    expect(second.tenants[0]).toMatchObject({
      planName: 'Growth',
      billingStatus: 'active',
      ownerEmail: expect.stringContaining('@tenants.parley.test'),
      currentUsage: { minutesUsed: 0, minutesBillable: 0, billingCost: 0 },
      currency: 'nzd',
    });
    const byEmail = await page(`search=${encodeURIComponent(suite.tenant.admin.email)}`);
    expect(byEmail.tenants.map((tenant) => tenant.id)).toEqual([suite.tenant.id]);
    expect((await page('search=%25%25nothing-like-this')).tenants).toEqual([]);
    const all = await page('pageSize=100');
    expect(all.totals.tenants).toBe(Number((await app.deps.db('tenants').count({ n: '*' }).first())?.n));
    expect(all.totals.activeTenants).toBeLessThanOrEqual(all.totals.tenants);
    expect(all.totals.monthlyRevenue.length).toBeGreaterThan(0);
    for (const query of ['pageSize=0', 'pageSize=101', 'page=-1', 'sortField=password', 'sortOrder=up', 'x=1']) {
      const res = await app.request('GET', `${apiRoutes.admin.tenantsBilling()}?${query}`, { token: superadmin });
      expect(res.status, query).toBe(400);
    }
  });

  it('sets a billing status, and the tenant meets the 402 on its next request', async () => {
    const tenant = await freshTenant(app);
    expect((await app.request('GET', apiRoutes.agents.collection(), { token: tenant.user.token })).status).toBe(200);
    const res = await app.request('PATCH', apiRoutes.admin.tenantBilling(tenant.id), {
      token: superadmin,
      body: { billingStatus: 'delinquent' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Tenant billing updated successfully',
      tenant: { billingStatus: 'delinquent' },
    });
    const gated = await app.request('GET', apiRoutes.agents.collection(), { token: tenant.user.token });
    expect(gated.status).toBe(402);
    expect(gated.body).toMatchObject({
      requiresPayment: true,
      billingStatus: 'delinquent',
      message: 'Your payment failed or is past due. Please update your payment method.',
    });
    for (const billingStatus of ['trialing', 'active']) {
      await app.request('PATCH', apiRoutes.admin.tenantBilling(tenant.id), {
        token: superadmin,
        body: { billingStatus },
      });
      expect((await app.request('GET', apiRoutes.agents.collection(), { token: tenant.user.token })).status).toBe(200);
    }
  });

  it('changes a plan and its limits at once, and refuses what it cannot do', async () => {
    const tenant = await freshTenant(app);
    const plan = await createPlan(app, superadmin, { maxAgents: 7, minutesIncluded: 250 });
    const res = await app.request('PATCH', apiRoutes.admin.tenantBilling(tenant.id), {
      token: superadmin,
      body: { planId: plan.id },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.tenant).toMatchObject({ planId: plan.id, currentUsage: { minutesIncluded: 250 } });
    const limits = await app.request('GET', apiRoutes.usage.limits(), { token: tenant.user.token });
    expect(limits.body.limits).toMatchObject({ maxAgents: 7, minutesIncluded: 250 });
    const cases: Array<[unknown, number]> = [
      [{}, 400],
      [{ billingStatus: 'inactive' }, 400],
      [{ billingStatus: 'past_due' }, 400],
      [{ planId: 'no-such-plan' }, 404],
      [{ billingStatus: 'active', minutesUsed: 0 }, 400],
    ];
    for (const [body, expected] of cases) {
      const refused = await app.request('PATCH', apiRoutes.admin.tenantBilling(tenant.id), { token: superadmin, body });
      expect(refused.status, JSON.stringify(body)).toBe(expected);
    }
    const missing = await app.request('PATCH', apiRoutes.admin.tenantBilling('00000000-0000-4000-8000-00000000dead'), {
      token: superadmin,
      body: { billingStatus: 'active' },
    });
    expect(missing.status).toBe(404);
  });

  it('refuses a plan in another currency, and applies nothing of the change', async () => {
    const tenant = await freshTenant(app);
    const dollars = await createPlan(app, superadmin, { currency: 'usd' });
    const billingOf = () => app.deps.db('tenants').where({ id: tenant.id }).first('plan', 'billing_status');
    const before = await billingOf();
    const refused = await app.request('PATCH', apiRoutes.admin.tenantBilling(tenant.id), {
      token: superadmin,
      body: { planId: dollars.id, billingStatus: 'delinquent' },
    });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('PLAN_CURRENCY_MISMATCH');
    expect(before).toMatchObject({ billing_status: 'active' });
    expect(await billingOf()).toEqual(before);
    expect((await app.request('GET', apiRoutes.agents.collection(), { token: tenant.user.token })).status).toBe(200);
  });

  it('syncs usage of a tenant without a subscription as nothing to send', async () => {
    const res = await app.request('POST', apiRoutes.admin.tenantSyncUsage(suite.tenant.id), { token: superadmin });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ callsSent: 0, minutesSent: 0, callsAlreadyCounted: 0 });
  });
});
