import type { AdminOverview } from '@shared/api/admin.types';
import type {
  AdminTenantBillingUpdateResponse,
  AdminTenantsBillingResponse,
  SyncUsageResponse,
} from '@shared/api/admin-billing.types';
import type { AdminTenantsQuery, TenantBillingUpdate } from '@shared/schemas/billing.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { monthKey } from '../../lib/clock';
import type { BillingService } from '../billing/billing.service';
import type { AgentsService } from '../agents/agents.service';
import type { CallsService } from '../calls/calls.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { UsersService } from '../users/users.service';
import { billingTotals, tenantBillingRow, tenantsBillingPage } from './admin-billing.store';

const RECENT_DAYS = 30;

export type AdminService = ReturnType<typeof createAdminService>;

/** The platform as a superadmin sees it: totals across tenants, each counted by the module that owns it. */
export function createAdminService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  services: {
    tenants: TenantsService;
    users: UsersService;
    agents: AgentsService;
    phoneNumbers: PhoneNumbersService;
    calls: CallsService;
    billing: BillingService;
  },
) {
  const { tenants, users, agents, phoneNumbers, calls, billing } = services;
  const month = () => monthKey(deps.clock.now());
  return {
    /** A page of tenants with their billing and this month's usage, sorted and searched in the database. */
    async tenantsBilling(query: AdminTenantsQuery): Promise<AdminTenantsBillingResponse> {
      const [page, totals] = await Promise.all([
        tenantsBillingPage(deps.db, query, month()),
        billingTotals(deps.db, month()),
      ]);
      return { tenants: page.rows, total: page.total, page: query.page, pageSize: query.pageSize, totals };
    },

    async updateTenantBilling(
      tenantId: string,
      change: TenantBillingUpdate,
    ): Promise<AdminTenantBillingUpdateResponse> {
      await billing.adminUpdate(tenantId, change);
      const tenant = await tenantBillingRow(deps.db, tenantId, month());
      if (!tenant) throw new DomainError('NOT_FOUND', 'No tenant has this id.');
      return { tenant, message: 'Tenant billing updated successfully' };
    },

    syncTenantUsage: (tenantId: string): Promise<SyncUsageResponse> => billing.syncUsage(tenantId),

    async overview(): Promise<AdminOverview> {
      const [tenantCount, userCount, agentCount, numberCount, activity, tenantsByBillingStatus] = await Promise.all([
        tenants.count(),
        users.countTenantMembers(),
        agents.countAll(),
        phoneNumbers.countAll(),
        calls.platformActivity(RECENT_DAYS),
        tenants.countByBillingStatus(),
      ]);
      return {
        demoMode: deps.config.seedDemo,
        tenants: tenantCount,
        users: userCount,
        agents: agentCount,
        phoneNumbers: numberCount,
        callsLast30Days: activity.calls,
        minutesLast30Days: activity.minutes,
        tenantsByBillingStatus,
      };
    },
  };
}
