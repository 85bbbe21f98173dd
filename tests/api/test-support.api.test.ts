import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_IDS } from '../../server/src/db/seeds/demo.seed';
import { startTestApp, TEST_DATABASES, type TestApp } from './support/test-app';

interface CreatedTenant {
  tenant: { id: string; name: string };
  users: Array<{ email: string; password: string; role: 'admin' | 'user' }>;
}

describe.each(TEST_DATABASES)('test-support tenants API (%s)', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app?.close());

  const tenantRow = (id: string) => app.deps.db('tenants').where({ id }).first();

  it('creates an active Growth tenant with one verified admin by default', async () => {
    const res = await app.request<CreatedTenant>('POST', '/api/test/tenants', { body: {} });
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
    const status = await app.request('GET', '/api/billing/status', { token: session.accessToken });
    expect(status.body).toMatchObject({ billingStatus: 'active', plan: 'Growth', hasPaymentMethod: true });
  });

  it('gives every tenant its own name, subdomain and users', async () => {
    const body = { users: ['admin', 'user'] };
    const [first, second] = await Promise.all([
      app.request<CreatedTenant>('POST', '/api/test/tenants', { body }),
      app.request<CreatedTenant>('POST', '/api/test/tenants', { body }),
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
    const res = await app.request<CreatedTenant>('POST', '/api/test/tenants', {
      body: { billingStatus: 'delinquent', plan: 'starter' },
    });
    expect(res.status, res.text).toBe(201);
    const row = await tenantRow(res.body.tenant.id);
    expect(row).toMatchObject({ plan: 'starter', billing_status: 'delinquent' });
    expect(Boolean(row.has_payment_method)).toBe(false);
    expect(Number(row.minutes_included)).toBe(100);
  });

  it('changes a tenant billing status, which the billing gate then applies', async () => {
    const created = await app.request<CreatedTenant>('POST', '/api/test/tenants', { body: {} });
    const { tenant, users } = created.body;
    const { accessToken } = await app.login(users[0]!.email, users[0]!.password);
    expect((await app.request('GET', '/api/agents', { token: accessToken })).status).toBe(200);

    const changed = await app.request('PATCH', `/api/test/tenants/${tenant.id}/billing`, {
      body: { billingStatus: 'delinquent' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toEqual({ tenant: { id: tenant.id, billingStatus: 'delinquent' } });
    const gated = await app.request('GET', '/api/agents', { token: accessToken });
    expect(gated.status).toBe(402);
    expect(gated.body).toMatchObject({ requiresPayment: true, billingStatus: 'delinquent' });

    await app.request('PATCH', `/api/test/tenants/${tenant.id}/billing`, { body: { billingStatus: 'active' } });
    expect((await app.request('GET', '/api/agents', { token: accessToken })).status).toBe(200);
  });

  it.each([
    [{ billingStatus: 'overdue' }, 'billingStatus'],
    [{ plan: 'platinum' }, 'plan'],
    [{ plan: '' }, 'plan'],
    [{ users: [] }, 'users'],
    [{ users: ['superadmin'] }, 'users[0]'],
    [{ users: 'admin' }, 'users'],
    [{ tenantName: 'Acme' }, ''],
  ])('refuses to create a tenant from %j with 400', async (body, field) => {
    const before = await app.deps.db('tenants').count({ count: '*' }).first();
    const res = await app.request('POST', '/api/test/tenants', { body });
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    if (field) expect(res.body.fields[field]).toEqual(expect.any(String));
    const after = await app.deps.db('tenants').count({ count: '*' }).first();
    expect(Number(after?.count)).toBe(Number(before?.count));
  });

  it.each([[{}], [{ billingStatus: 'overdue' }], [{ billingStatus: 'active', plan: 'growth' }]])(
    'refuses to change billing from %j with 400',
    async (body) => {
      const created = await app.request<CreatedTenant>('POST', '/api/test/tenants', { body: {} });
      const res = await app.request('PATCH', `/api/test/tenants/${created.body.tenant.id}/billing`, { body });
      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect((await tenantRow(created.body.tenant.id)).billing_status).toBe('active');
    },
  );

  it('answers 404 for an unknown tenant', async () => {
    const res = await app.request('PATCH', '/api/test/tenants/00000000-0000-4000-8000-00000000ffff/billing', {
      body: { billingStatus: 'canceled' },
    });
    expect(res.status).toBe(404);
  });
});

describe('test-support tenants API outside test mode', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp('sqlite', { config: { nodeEnv: 'development' } });
  });
  afterAll(() => app?.close());

  it('does not exist', async () => {
    expect(app.deps.config.nodeEnv).toBe('development');
    const tenantsBefore = await app.deps.db('tenants').count({ count: '*' }).first();

    const created = await app.request('POST', '/api/test/tenants', { body: { billingStatus: 'active' } });
    expect(created.status).toBe(404);
    const changed = await app.request('PATCH', `/api/test/tenants/${DEMO_TENANT_IDS.demo}/billing`, {
      body: { billingStatus: 'delinquent' },
    });
    expect(changed.status).toBe(404);
    expect((await app.request('GET', '/api/test/outbox?to=a@b.co')).status).toBe(404);

    const tenantsAfter = await app.deps.db('tenants').count({ count: '*' }).first();
    expect(Number(tenantsAfter?.count)).toBe(Number(tenantsBefore?.count));
    const demo = await app.deps.db('tenants').where({ id: DEMO_TENANT_IDS.demo }).first();
    expect(demo?.billing_status).toBe('active');
  });
});
