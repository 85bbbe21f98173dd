import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import type { TestTenantResponse as CreatedTenant } from '@shared/api/test-support.types';
import { DEMO_TENANT_IDS } from '../../server/src/db/seeds/demo.seed';
import { useApiSuite } from './support/api-suite';
import { TEST_DATABASES, type TestApp } from './support/test-app';

describe.each(TEST_DATABASES)('test-support tenants API (%s)', (kind) => {
  const suite = useApiSuite(kind, { tenant: false });
  let app: TestApp;

  beforeAll(() => {
    app = suite.app;
  });

  const tenantRow = (id: string) => app.deps.db('tenants').where({ id }).first();

  it('creates an active Growth tenant with one verified admin by default', async () => {
    const res = await app.request<CreatedTenant>('POST', apiRoutes.testSupport.tenants(), { body: {} });
    expect(res.status, res.text).toBe(201);
    expect(res.body.tenant).toEqual({ id: expect.any(String), name: expect.any(String) });
    expect(res.body.users).toEqual([{ email: expect.any(String), password: expect.any(String), role: 'admin' }]);

    const row = await tenantRow(res.body.tenant.id);
    expect(row).toMatchObject({ name: res.body.tenant.name, plan: 'growth', billing_status: 'active' });
    expect(Boolean(row.has_payment_method)).toBe(true);
    expect(Number(row.minutes_included)).toBe(2000);

    const [admin] = res.body.users;
    const session = await app.login(admin!.email, admin!.password);
    expect(session.user).toMatchObject({ role: 'admin', tenantId: res.body.tenant.id, emailVerified: true });
    const status = await app.request('GET', apiRoutes.billing.status(), { token: session.accessToken });
    expect(status.body).toMatchObject({ billingStatus: 'active', plan: 'Growth', hasPaymentMethod: true });
  });

  it('gives every tenant its own name, subdomain and users', async () => {
    const body = { users: ['admin', 'user'] };
    const [first, second] = await Promise.all([
      app.request<CreatedTenant>('POST', apiRoutes.testSupport.tenants(), { body }),
      app.request<CreatedTenant>('POST', apiRoutes.testSupport.tenants(), { body }),
    ]);
    expect(first.status, first.text).toBe(201);
    expect(second.status, second.text).toBe(201);
    expect(first.body.users.map((user) => user.role)).toEqual(['admin', 'user']);
    expect(new Set([first.body.tenant.name, second.body.tenant.name]).size).toBe(2);
    const emails = [...first.body.users, ...second.body.users].map((user) => user.email);
    expect(new Set(emails).size).toBe(4);
    const [a, b] = await Promise.all([tenantRow(first.body.tenant.id), tenantRow(second.body.tenant.id)]);
    expect(a.subdomain).toEqual(expect.any(String));
    expect(a.subdomain).not.toBe(b.subdomain);

    const member = await app.login(first.body.users[1]!.email, first.body.users[1]!.password);
    expect(member.user).toMatchObject({ role: 'user', tenantId: first.body.tenant.id });
  });

  it('creates a tenant in the billing state and plan asked for, without a card unless billing is usable', async () => {
    const res = await app.request<CreatedTenant>('POST', apiRoutes.testSupport.tenants(), {
      body: { billingStatus: 'delinquent', plan: 'starter' },
    });
    expect(res.status, res.text).toBe(201);
    const row = await tenantRow(res.body.tenant.id);
    expect(row).toMatchObject({ plan: 'starter', billing_status: 'delinquent' });
    expect(Boolean(row.has_payment_method)).toBe(false);
    expect(Number(row.minutes_included)).toBe(100);
  });

  it('puts a tenant on a private copy of its plan with the terms asked for, and leaves the catalogue alone', async () => {
    const catalogue = await app.deps.db('plans').where({ visible: true }).orderBy('id');
    const res = await app.request<CreatedTenant>('POST', apiRoutes.testSupport.tenants(), {
      body: {
        plan: 'growth',
        planTerms: { maxAgents: 2, maxPhoneNumbers: 4, phoneNumbersIncluded: 0, minutesIncluded: 0 },
        pricePerMinuteOverride: 25,
      },
    });
    expect(res.status, res.text).toBe(201);
    const { accessToken } = await app.login(res.body.users[0]!.email, res.body.users[0]!.password);
    const { plan } = (await app.request('GET', apiRoutes.tenant.plan(), { token: accessToken })).body;
    expect(plan).toMatchObject({
      name: 'Growth',
      maxAgents: 2,
      maxPhoneNumbers: 4,
      phoneNumbersIncluded: 0,
      minutesIncluded: 0,
      overageRatePerMinute: 10,
      visible: false,
    });
    expect(plan.id).not.toBe('growth');
    const row = await tenantRow(res.body.tenant.id);
    expect(row).toMatchObject({ plan: plan.id });
    expect(Number(row.minutes_included)).toBe(0);
    expect(Number(row.price_per_minute_override)).toBe(25);
    expect(await app.deps.db('plans').where({ visible: true }).orderBy('id')).toEqual(catalogue);

    const other = await app.request<CreatedTenant>('POST', apiRoutes.testSupport.tenants(), { body: {} });
    expect(await tenantRow(other.body.tenant.id)).toMatchObject({ plan: 'growth', price_per_minute_override: null });
  });

  it('changes a tenant billing status, which the billing gate then applies', async () => {
    const created = await app.request<CreatedTenant>('POST', apiRoutes.testSupport.tenants(), { body: {} });
    const { tenant, users } = created.body;
    const { accessToken } = await app.login(users[0]!.email, users[0]!.password);
    expect((await app.request('GET', apiRoutes.agents.collection(), { token: accessToken })).status).toBe(200);

    const changed = await app.request('PATCH', apiRoutes.testSupport.tenantBilling(tenant.id), {
      body: { billingStatus: 'delinquent' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toEqual({ tenant: { id: tenant.id, billingStatus: 'delinquent' } });
    const gated = await app.request('GET', apiRoutes.agents.collection(), { token: accessToken });
    expect(gated.status).toBe(402);
    expect(gated.body).toMatchObject({ requiresPayment: true, billingStatus: 'delinquent' });

    await app.request('PATCH', apiRoutes.testSupport.tenantBilling(tenant.id), { body: { billingStatus: 'active' } });
    expect((await app.request('GET', apiRoutes.agents.collection(), { token: accessToken })).status).toBe(200);
  });

  it.each([
    [{ billingStatus: 'overdue' }, 'billingStatus'],
    [{ plan: 'platinum' }, 'plan'],
    [{ plan: '' }, 'plan'],
    [{ users: [] }, 'users'],
    [{ users: ['superadmin'] }, 'users[0]'],
    [{ users: 'admin' }, 'users'],
    [{ tenantName: 'Acme' }, ''],
    [{ planTerms: { maxAgents: -1 } }, 'planTerms.maxAgents'],
    [{ planTerms: { phoneNumbersIncluded: 1.5 } }, 'planTerms.phoneNumbersIncluded'],
    [{ planTerms: { minutesIncluded: 'many' } }, 'planTerms.minutesIncluded'],
    [{ planTerms: { maxWidgets: 3 } }, 'planTerms'],
    [{ planTerms: { maxAgents: 2 }, plan: 'platinum' }, 'plan'],
    [{ pricePerMinuteOverride: -5 }, 'pricePerMinuteOverride'],
  ])('refuses to create a tenant from %j with 400', async (body, field) => {
    const count = async (table: string) => Number((await app.deps.db(table).count({ n: '*' }).first())?.n);
    const before = [await count('tenants'), await count('plans')];
    const res = await app.request('POST', apiRoutes.testSupport.tenants(), { body });
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    if (field) expect(res.body.fields[field]).toEqual(expect.any(String));
    expect([await count('tenants'), await count('plans')]).toEqual(before);
  });

  it.each([[{}], [{ billingStatus: 'overdue' }], [{ billingStatus: 'active', plan: 'growth' }]])(
    'refuses to change billing from %j with 400',
    async (body) => {
      const created = await app.request<CreatedTenant>('POST', apiRoutes.testSupport.tenants(), { body: {} });
      const res = await app.request('PATCH', apiRoutes.testSupport.tenantBilling(created.body.tenant.id), { body });
      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect((await tenantRow(created.body.tenant.id)).billing_status).toBe('active');
    },
  );

  it('answers 404 for an unknown tenant', async () => {
    const res = await app.request(
      'PATCH',
      apiRoutes.testSupport.tenantBilling('00000000-0000-4000-8000-00000000ffff'),
      {
        body: { billingStatus: 'canceled' },
      },
    );
    expect(res.status).toBe(404);
  });
});

describe('test-support tenants API outside test mode', () => {
  const suite = useApiSuite('sqlite', { config: { nodeEnv: 'development' }, tenant: false });
  let app: TestApp;

  beforeAll(() => {
    app = suite.app;
  });

  it('does not exist', async () => {
    expect(app.deps.config.nodeEnv).toBe('development');
    const tenantsBefore = await app.deps.db('tenants').count({ count: '*' }).first();

    const created = await app.request('POST', apiRoutes.testSupport.tenants(), { body: { billingStatus: 'active' } });
    expect(created.status).toBe(404);
    const changed = await app.request('PATCH', apiRoutes.testSupport.tenantBilling(DEMO_TENANT_IDS.demo), {
      body: { billingStatus: 'delinquent' },
    });
    expect(changed.status).toBe(404);
    expect((await app.request('GET', `${apiRoutes.testSupport.outbox()}?to=a@b.co`)).status).toBe(404);

    const tenantsAfter = await app.deps.db('tenants').count({ count: '*' }).first();
    expect(Number(tenantsAfter?.count)).toBe(Number(tenantsBefore?.count));
    const demo = await app.deps.db('tenants').where({ id: DEMO_TENANT_IDS.demo }).first();
    expect(demo?.billing_status).toBe('active');
  });
});
