import type { Agent, AgentsResponse } from '@shared/api/agents.types';
import { apiRoutes } from '@shared/api/routes';
import type { CreateCampaignRequest, UpdateCampaignRequest } from '@shared/schemas/campaign.schema';
import { injectEndpoints } from '../../core/baseApi';
import type { Campaign } from '@shared/api/campaigns.types';

/** Campaigns and their agent (spec 000 §7). */
export const campaignsApi = injectEndpoints({
  endpoints: (build) => ({
    getCampaigns: build.query<Campaign[], void>({
      query: () => apiRoutes.campaigns.collection.relative(),
      transformResponse: (response: { campaigns: Campaign[] }) => response.campaigns,
      providesTags: (campaigns = []) => [
        { type: 'Campaign', id: 'LIST' },
        ...campaigns.map((campaign) => ({ type: 'Campaign' as const, id: campaign.id })),
      ],
    }),
    getCampaign: build.query<Campaign, string>({
      query: (id) => apiRoutes.campaigns.byId.relative(id),
      transformResponse: (response: { campaign: Campaign }) => response.campaign,
      providesTags: (_campaign, _error, id) => [{ type: 'Campaign', id }],
    }),
    /** The campaign's agent (one at most), refreshed with every agent change. */
    getCampaignAgents: build.query<Agent[], string>({
      query: (id) => apiRoutes.campaigns.agents.relative(id),
      transformResponse: (response: AgentsResponse) => response.agents,
      providesTags: (_agents, _error, id) => [
        { type: 'Agent', id: 'LIST' },
        { type: 'Campaign', id },
      ],
    }),
    createCampaign: build.mutation<Campaign, CreateCampaignRequest>({
      query: (body) => ({ url: apiRoutes.campaigns.collection.relative(), method: 'POST', body }),
      transformResponse: (response: { campaign: Campaign }) => response.campaign,
      invalidatesTags: [{ type: 'Campaign', id: 'LIST' }, 'Agent'],
    }),
    updateCampaign: build.mutation<Campaign, { id: string; changes: UpdateCampaignRequest }>({
      query: ({ id, changes }) => ({ url: apiRoutes.campaigns.byId.relative(id), method: 'PATCH', body: changes }),
      transformResponse: (response: { campaign: Campaign }) => response.campaign,
      invalidatesTags: (_campaign, _error, { id }) => [
        { type: 'Campaign', id: 'LIST' },
        { type: 'Campaign', id },
      ],
    }),
    pauseCampaign: build.mutation<Campaign, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({ url: apiRoutes.campaigns.pause.relative(id), method: 'POST', body: { reason } }),
      transformResponse: (response: { campaign: Campaign }) => response.campaign,
      invalidatesTags: (_campaign, _error, { id }) => [
        { type: 'Campaign', id: 'LIST' },
        { type: 'Campaign', id },
      ],
    }),
    resumeCampaign: build.mutation<Campaign, string>({
      query: (id) => ({ url: apiRoutes.campaigns.resume.relative(id), method: 'POST' }),
      transformResponse: (response: { campaign: Campaign }) => response.campaign,
      invalidatesTags: (_campaign, _error, id) => [
        { type: 'Campaign', id: 'LIST' },
        { type: 'Campaign', id },
      ],
    }),
  }),
});

export const {
  useGetCampaignsQuery,
  useGetCampaignQuery,
  useGetCampaignAgentsQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  usePauseCampaignMutation,
  useResumeCampaignMutation,
} = campaignsApi;
