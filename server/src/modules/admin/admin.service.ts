import type { AdminOverview } from '@shared/api/admin.types';
import type { AgentsService } from '../agents/agents.service';
import type { CallsService } from '../calls/calls.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { UsersService } from '../users/users.service';

const RECENT_DAYS = 30;

export type AdminService = ReturnType<typeof createAdminService>;

/** The platform as a superadmin sees it: totals across tenants, each counted by the module that owns it. */
export function createAdminService(services: {
  tenants: TenantsService;
  users: UsersService;
  agents: AgentsService;
  phoneNumbers: PhoneNumbersService;
  calls: CallsService;
}) {
  const { tenants, users, agents, phoneNumbers, calls } = services;
  return {
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
