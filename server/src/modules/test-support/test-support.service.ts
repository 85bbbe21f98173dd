import type { TestPlanTerms, TestTenantResponse, TestUsageMonth, TestUserRole } from '@shared/api/test-support.types';
import { isBillingUsable, type BillingStatus } from '@shared/domain/roles';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/secrets';
import { readOutbox } from '../../providers/mail/outbox.mail';
import { usageTermsOn, type TenantsService } from '../tenants/tenants.service';
import type { UsageService } from '../usage/usage.service';
import type { UsersService } from '../users/users.service';

/** The password of every user a test tenant gets; tests read it from the answer rather than from here. */
const TEST_TENANT_PASSWORD = 'tenant-Password-1';
const OUTBOX_LIMIT = 20;

export type TestSupportService = ReturnType<typeof createTestSupportService>;

/** Test-only set-up for browser tests: a tenant of their own in the billing state they need, and the mail outbox. */
export function createTestSupportService(
  deps: Pick<AppDeps, 'db' | 'config'>,
  tenants: TenantsService,
  users: UsersService,
  usage: UsageService,
) {
  return {
    outbox: (to: string) => readOutbox(deps.db, to, OUTBOX_LIMIT),

    async createTenant(input: {
      plan: string;
      planTerms?: TestPlanTerms;
      pricePerMinuteOverride?: number;
      outboundCallingEnabled: boolean;
      billingStatus: BillingStatus;
      usageHistory: TestUsageMonth[];
      users: TestUserRole[];
    }): Promise<TestTenantResponse> {
      const catalogued = await tenants.findPlan(input.plan);
      if (!catalogued) {
        throw new DomainError('VALIDATION_FAILED', `Unknown plan: ${input.plan}`, { fields: { plan: 'Unknown plan' } });
      }
      const suffix = newId().replace(/-/g, '').slice(0, 12);
      // A private copy under the catalogued name: the tenant sees its plan as usual, no other tenant is affected.
      const plan = input.planTerms
        ? { ...catalogued, ...input.planTerms, id: `${catalogued.id}-${suffix}`, visible: false }
        : catalogued;
      const name = `Test Tenant ${suffix}`;
      const passwordHash = await hashPassword(TEST_TENANT_PASSWORD, deps.config.passwordHashCost);
      const members = input.users.map((role, index) => ({
        id: newId(),
        name: `Test ${role === 'admin' ? 'Admin' : 'User'} ${index + 1}`,
        email: `${role}-${index + 1}-${suffix}@tenants.parley.test`,
        role,
        passwordHash,
        emailVerified: true,
        isTenantOwner: index === input.users.indexOf('admin'),
      }));
      const tenantId = await deps.db.transaction(async (trx) => {
        if (plan !== catalogued) await tenants.addPlan(trx, plan);
        const id = await tenants.create(trx, {
          name,
          plan,
          billingStatus: input.billingStatus,
          hasPaymentMethod: isBillingUsable(input.billingStatus),
          pricePerMinuteOverride: input.pricePerMinuteOverride ?? null,
          outboundCallingEnabled: input.outboundCallingEnabled,
        });
        await users.addToTenant(trx, id, members);
        // Each month as one call in its middle, counted the way calls are; never metered (no subscription yet).
        const usageTerms = usageTermsOn(plan, { pricePerMinuteOverride: input.pricePerMinuteOverride ?? null }, null);
        for (const { monthYyyyMm, minutes } of input.usageHistory) {
          const call = { startedAt: `${monthYyyyMm}-15T12:00:00.000Z`, durationSec: minutes * 60 };
          await usage.recordCall(trx, id, { ...call, conversationId: `seed-${id}-${monthYyyyMm}` }, usageTerms);
        }
        return id;
      });
      return {
        tenant: { id: tenantId, name },
        users: members.map(({ email, role }) => ({ email, password: TEST_TENANT_PASSWORD, role })),
      };
    },

    setBillingStatus: (tenantId: string, billingStatus: BillingStatus) =>
      tenants.setBillingStatus(tenantId, billingStatus),
  };
}
