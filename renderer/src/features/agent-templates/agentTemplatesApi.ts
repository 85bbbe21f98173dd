import type { AgentTemplate, AgentTemplatesResponse } from '@shared/api/agent-templates.types';
import { apiRoutes } from '@shared/api/routes';
import { injectEndpoints } from '../../core/baseApi';

/** The built-in instruction templates (spec 000 §2). */
export const agentTemplatesApi = injectEndpoints({
  endpoints: (build) => ({
    getAgentTemplates: build.query<AgentTemplate[], void>({
      query: () => apiRoutes.agentTemplates.list.relative(),
      transformResponse: (response: AgentTemplatesResponse) => response.templates,
      providesTags: [{ type: 'AgentTemplate', id: 'LIST' }],
    }),
  }),
});

export const { useGetAgentTemplatesQuery } = agentTemplatesApi;
