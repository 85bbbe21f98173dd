import Router from '@koa/router';
import { BILLING_STATUSES, isBillingUsable, type BillingStatus } from '@shared/domain/roles';
import { array, mixed, object, string } from 'yup';
import type { AppDeps } from '../../app-deps';
import { toIso } from '../../db/database';
import { DomainError } from '../../domain/domain-error';
import type { AppState } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/secrets';
import { createTenant, slugifySubdomain } from '../tenants/tenants.store';

/** The password of every user a test tenant gets; tests read it from the answer rather than from here. */
const TEST_TENANT_PASSWORD = 'tenant-Password-1';
const TEST_USER_ROLES = ['admin', 'user'] as const;

const billingStatus = () =>
  mixed<BillingStatus>().oneOf(BILLING_STATUSES, `billingStatus must be one of ${BILLING_STATUSES.join(', ')}`);

const createTestTenantSchema = object({
  billingStatus: billingStatus().default('active'),
  plan: string().trim().min(1, 'plan must not be empty').default('growth'),
  users: array(
    mixed<(typeof TEST_USER_ROLES)[number]>()
      .oneOf(TEST_USER_ROLES, `users must list roles among ${TEST_USER_ROLES.join(', ')}`)
      .defined(),
  )
    .min(1, 'users must list at least one role')
    .max(10, 'users must list at most 10 roles')
    .default(['admin'])
    .defined(),
}).noUnknown('Unknown field: ${unknown}');

const billingChangeSchema = object({
  billingStatus: billingStatus().required('billingStatus is required'),
}).noUnknown('Unknown field: ${unknown}');

/**
 * Mounted only when NODE_ENV=test: lets browser tests read the mail outbox, as a person reads their inbox, and
 * give each test a tenant of its own in the billing state it needs.
 */
export function testSupportRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  if (deps.config.nodeEnv !== 'test') return router;
  const { db } = deps;

  router.get('/test/outbox', async (ctx) => {
    const to = typeof ctx.query.to === 'string' ? ctx.query.to.toLowerCase() : '';
    const rows = await db('mail_outbox').where({ to_address: to }).orderBy('created_at', 'desc').limit(20);
    ctx.body = {
      messages: rows.map((row) => ({
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        kind: row.kind,
        createdAt: toIso(row.created_at),
      })),
    };
  });

  router.post('/test/tenants', async (ctx) => {
    const input = await validate(createTestTenantSchema, ctx.request.body);
    const plan = await db('plans').where({ id: input.plan }).first('id', 'minutes_included');
    if (!plan)
      throw new DomainError('VALIDATION_FAILED', `Unknown plan: ${input.plan}`, { fields: { plan: 'Unknown plan' } });

    const suffix = newId().replace(/-/g, '').slice(0, 12);
    const name = `Test Tenant ${suffix}`;
    const now = deps.clock.now().toISOString();
    const passwordHash = await hashPassword(TEST_TENANT_PASSWORD, deps.config.passwordHashCost);
    const users = input.users.map((role, index) => ({
      id: newId(),
      email: `${role}-${index + 1}-${suffix}@tenants.parley.test`,
      role,
    }));

    const tenantId = await db.transaction(async (trx) => {
      const id = await createTenant(trx, { name, subdomain: await slugifySubdomain(trx, name), now });
      await trx('tenants')
        .where({ id })
        .update({
          plan: plan.id,
          minutes_included: Number(plan.minutes_included),
          billing_status: input.billingStatus,
          has_payment_method: isBillingUsable(input.billingStatus),
          updated_at: now,
        });
      await trx('users').insert(
        users.map((user, index) => ({
          id: user.id,
          tenant_id: id,
          name: `Test ${user.role === 'admin' ? 'Admin' : 'User'} ${index + 1}`,
          email: user.email,
          role: user.role,
          password_hash: passwordHash,
          email_verified: true,
          is_tenant_owner: index === users.findIndex((candidate) => candidate.role === 'admin'),
          active: true,
          created_at: now,
          updated_at: now,
        })),
      );
      return id;
    });

    ctx.status = 201;
    ctx.body = {
      tenant: { id: tenantId, name },
      users: users.map(({ email, role }) => ({ email, password: TEST_TENANT_PASSWORD, role })),
    };
  });

  router.patch('/test/tenants/:id/billing', async (ctx) => {
    const input = await validate(billingChangeSchema, ctx.request.body);
    const updated = await db('tenants')
      .where({ id: ctx.params.id })
      .update({ billing_status: input.billingStatus, updated_at: deps.clock.now().toISOString() });
    if (!updated) throw new DomainError('NOT_FOUND', 'No tenant has this id.');
    await deps.principals.invalidate({ tenantId: String(ctx.params.id) });
    ctx.body = { tenant: { id: ctx.params.id, billingStatus: input.billingStatus } };
  });

  return router;
}
