import type { DashboardStats } from '@shared/api/agents.types';
import type { AppDeps } from '../../app-deps';
import { monthKey } from '../../lib/clock';
import { countActiveAgents } from '../agents/agents.store';
import { countActivePhoneNumbers } from '../phone-numbers/phone-numbers.store';
import { minutesUsedInMonth, totalCalls } from './stats.store';

/** The dashboard's four stat cards; every figure is a count or a rollup read, never a scan of calls. */
export async function dashboardStats(deps: Pick<AppDeps, 'db' | 'clock'>, tenantId: string): Promise<DashboardStats> {
  const [activeAgents, activePhoneNumbers, minutesUsed, calls] = await Promise.all([
    countActiveAgents(deps.db, tenantId),
    countActivePhoneNumbers(deps.db, tenantId),
    minutesUsedInMonth(deps.db, tenantId, monthKey(deps.clock.now())),
    totalCalls(deps.db, tenantId),
  ]);
  return { activeAgents, activePhoneNumbers, minutesUsed, totalCalls: calls };
}
