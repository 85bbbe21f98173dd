import type { AgentStatsResponse, SimulateCallResponse, SyncCallsResponse } from '@shared/api/agents.types';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { callProvider } from '../../lib/provider-call';
import type { CallsService } from '../calls/calls.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { StatsService } from '../stats/stats.service';
import type { AgentsService } from './agents.service';

const RECENT_CALLS = 3;
/** sync-calls reads at most this many pages of conversations per request; the rest come with the next sync. */
const SYNC_MAX_PAGES = 20;

export type AgentCallsService = ReturnType<typeof createAgentCallsService>;

/** An agent's calls: its stats, pulling in calls from the provider, and the sandbox's simulated call. */
export function createAgentCallsService(
  deps: Pick<AppDeps, 'logger' | 'voice' | 'config' | 'sandbox'>,
  services: { agents: AgentsService; calls: CallsService; stats: StatsService; phoneNumbers: PhoneNumbersService },
) {
  const { logger } = deps;
  const { agents, calls, stats, phoneNumbers } = services;

  return {
    async stats(tenantId: string, id: string): Promise<AgentStatsResponse> {
      await agents.require(tenantId, id);
      const [totals, recentCalls] = await Promise.all([
        stats.agentTotals(tenantId, id),
        calls.recentForAgent(tenantId, id, RECENT_CALLS),
      ]);
      return { ...totals, recentCalls };
    },

    /** Pulls the agent's conversations from the provider and records those we have not seen (same path as the webhook). */
    async syncCalls(tenantId: string, id: string): Promise<SyncCallsResponse> {
      const providerAgentId = (await agents.require(tenantId, id)).elevenlabsAgentId;
      const { synced, created } = providerAgentId
        ? await calls.pullAgentConversations(tenantId, providerAgentId, SYNC_MAX_PAGES)
        : { synced: 0, created: 0 };
      const message = created ? `Synced ${created} new call${created === 1 ? '' : 's'}.` : 'Calls are up to date.';
      return { synced, created, message };
    },

    /** The demo's "call this agent": asks the sandbox to ring the agent's number. Not found outside the sandbox. */
    async simulateCall(tenantId: string, id: string): Promise<SimulateCallResponse> {
      const sandbox = deps.sandbox;
      if (deps.config.providers !== 'sandbox' || !sandbox) throw new DomainError('NOT_FOUND');
      const agent = await agents.require(tenantId, id);
      const number = await phoneNumbers.ofAgent(tenantId, id);
      if (!number) throw new DomainError('AGENT_HAS_NO_NUMBER');
      if (!agent.active) throw new DomainError('AGENT_INACTIVE');
      const { conversationId } = await callProvider(logger, 'The sandbox could not place the call', async () =>
        sandbox.simulateInboundCall({ phoneNumber: number.phoneNumber }),
      );
      return { message: 'Calling your agent now. The call will appear in a few seconds.', conversationId };
    },
  };
}
