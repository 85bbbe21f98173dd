import type { DashboardStats } from '@shared/api/agents.types';
import { apiRoutes } from '@shared/api/routes';
import { injectEndpoints } from '../../core/baseApi';

/** The dashboard's figures; agent and number changes invalidate them. */
export const dashboardApi = injectEndpoints({
  endpoints: (build) => ({
    getDashboardStats: build.query<DashboardStats, void>({
      query: () => apiRoutes.stats.dashboard.relative(),
      providesTags: [{ type: 'DashboardStats', id: 'CURRENT' }],
    }),
  }),
});

export const { useGetDashboardStatsQuery } = dashboardApi;
