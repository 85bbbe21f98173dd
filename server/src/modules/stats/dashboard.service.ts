import type { DashboardStats } from '@shared/api/agents.types';
import type { AgentsService } from '../agents/agents.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { UsageService } from '../usage/usage.service';

export type DashboardService = ReturnType<typeof createDashboardService>;

/** The dashboard's four stat cards; every figure is a count or a rollup read, never a scan of calls. */
export function createDashboardService(agents: AgentsService, phoneNumbers: PhoneNumbersService, usage: UsageService) {
  return {
    async stats(tenantId: string): Promise<DashboardStats> {
      const [activeAgents, activePhoneNumbers, minutesUsed, totalCalls] = await Promise.all([
        agents.countActive(tenantId),
        phoneNumbers.countActive(tenantId),
        usage.minutesThisMonth(tenantId),
        usage.totalCalls(tenantId),
      ]);
      return { activeAgents, activePhoneNumbers, minutesUsed, totalCalls };
    },
  };
}
