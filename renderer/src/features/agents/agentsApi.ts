import type {
  Agent,
  AgentResponse,
  AgentsResponse,
  AgentStatsResponse,
  CreateAgentResponse,
  DeleteAgentResponse,
  SimulateCallResponse,
  SyncCallsResponse,
} from '@shared/api/agents.types';
import { apiRoutes } from '@shared/api/routes';
import type { CreateAgentRequest, UpdateAgentRequest } from '@shared/schemas/agent.schema';
import { injectEndpoints } from '../../core/baseApi';

/**
 * Agents and their stats. Agent changes also refresh the dashboard figures and the phone-number list, whose
 * assignments follow the agents.
 */
export const agentsApi = injectEndpoints({
  endpoints: (build) => ({
    getAgents: build.query<Agent[], void>({
      query: () => apiRoutes.agents.collection.relative(),
      transformResponse: (response: AgentsResponse) => response.agents,
      providesTags: (agents = []) => [
        { type: 'Agent', id: 'LIST' },
        ...agents.map((agent) => ({ type: 'Agent' as const, id: agent.id })),
      ],
    }),
    getAgent: build.query<Agent, string>({
      query: (id) => apiRoutes.agents.byId.relative(id),
      transformResponse: (response: AgentResponse) => response.agent,
      providesTags: (_agent, _error, id) => [{ type: 'Agent', id }],
    }),
    getAgentStats: build.query<AgentStatsResponse, string>({
      query: (id) => apiRoutes.agents.stats.relative(id),
      providesTags: (_stats, _error, id) => [{ type: 'AgentStats', id }],
    }),
    createAgent: build.mutation<CreateAgentResponse, CreateAgentRequest>({
      query: (body) => ({ url: apiRoutes.agents.collection.relative(), method: 'POST', body }),
      // Taking a number from another agent changes that agent too: every cached agent is refreshed.
      invalidatesTags: (_result, _error, { campaignId }) => [
        'Agent',
        { type: 'DashboardStats', id: 'CURRENT' },
        { type: 'PhoneNumber', id: 'LIST' },
        ...(campaignId ? [{ type: 'Campaign' as const, id: campaignId }] : []),
      ],
    }),
    updateAgent: build.mutation<AgentResponse, { id: string; changes: UpdateAgentRequest }>({
      query: ({ id, changes }) => ({ url: apiRoutes.agents.byId.relative(id), method: 'PATCH', body: changes }),
      invalidatesTags: ['Agent', { type: 'DashboardStats', id: 'CURRENT' }, { type: 'PhoneNumber', id: 'LIST' }],
    }),
    deleteAgent: build.mutation<DeleteAgentResponse, string>({
      query: (id) => ({ url: apiRoutes.agents.byId.relative(id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Agent', id: 'LIST' },
        { type: 'Agent', id },
        { type: 'DashboardStats', id: 'CURRENT' },
        { type: 'PhoneNumber', id: 'LIST' },
      ],
    }),
    syncAgentCalls: build.mutation<SyncCallsResponse, string>({
      query: (id) => ({ url: apiRoutes.agents.syncCalls.relative(id), method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'AgentStats', id },
        { type: 'Agent', id: 'LIST' },
        { type: 'DashboardStats', id: 'CURRENT' },
      ],
    }),
    // Nothing changes yet: the call ends, and is recorded, a few seconds later (Sync calls then refreshes).
    simulateInboundCall: build.mutation<SimulateCallResponse, string>({
      query: (id) => ({ url: apiRoutes.agents.simulateCall.relative(id), method: 'POST' }),
    }),
  }),
});

export const {
  useGetAgentsQuery,
  useGetAgentQuery,
  useGetAgentStatsQuery,
  useCreateAgentMutation,
  useUpdateAgentMutation,
  useDeleteAgentMutation,
  useSyncAgentCallsMutation,
  useSimulateInboundCallMutation,
} = agentsApi;
