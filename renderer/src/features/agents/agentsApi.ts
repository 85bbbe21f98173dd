import type {
  Agent,
  AgentResponse,
  AgentsResponse,
  AgentStatsResponse,
  AgentTemplate,
  AgentTemplatesResponse,
  CreateAgentResponse,
  DeleteAgentResponse,
  SimulateCallResponse,
  SyncCallsResponse,
  UploadResponse,
  Voice,
  VoicesResponse,
} from '@shared/api/agents.types';
import { apiRoutes } from '@shared/api/routes';
import type { CreateAgentRequest, UpdateAgentRequest } from '@shared/schemas/agent.schema';
import { baseApi } from '../../app/baseApi';

/**
 * Agents, their catalogue (voices, templates), stats and knowledge uploads. Agent changes also refresh the
 * dashboard figures and the phone-number list, whose assignments follow the agents.
 */
export const agentsApi = baseApi
  .enhanceEndpoints({
    addTagTypes: ['Agent', 'AgentStats', 'Voice', 'AgentTemplate', 'DashboardStats', 'PhoneNumber'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getVoices: build.query<Voice[], void>({
        query: () => apiRoutes.voices.list.relative(),
        transformResponse: (response: VoicesResponse) => response.voices,
        providesTags: [{ type: 'Voice', id: 'LIST' }],
      }),
      getAgentTemplates: build.query<AgentTemplate[], void>({
        query: () => apiRoutes.agentTemplates.list.relative(),
        transformResponse: (response: AgentTemplatesResponse) => response.templates,
        providesTags: [{ type: 'AgentTemplate', id: 'LIST' }],
      }),
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
        invalidatesTags: ['Agent', { type: 'DashboardStats', id: 'CURRENT' }, { type: 'PhoneNumber', id: 'LIST' }],
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
      uploadKnowledgeFile: build.mutation<UploadResponse, File>({
        query: (file) => {
          const body = new FormData();
          body.append('purpose', 'knowledge');
          body.append('file', file, file.name);
          return { url: apiRoutes.uploads.create.relative(), method: 'POST', body };
        },
      }),
    }),
  });

export const {
  useGetVoicesQuery,
  useGetAgentTemplatesQuery,
  useGetAgentsQuery,
  useGetAgentQuery,
  useGetAgentStatsQuery,
  useCreateAgentMutation,
  useUpdateAgentMutation,
  useDeleteAgentMutation,
  useSyncAgentCallsMutation,
  useSimulateInboundCallMutation,
  useUploadKnowledgeFileMutation,
} = agentsApi;
