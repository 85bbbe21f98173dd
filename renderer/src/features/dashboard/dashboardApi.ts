import type { DashboardStats } from '@shared/api/agents.types';
import { injectEndpoints } from '../../app/baseApi';

/** The dashboard's figures; agent and number changes invalidate them. */
export const dashboardApi = injectEndpoints({
  endpoints: (build) => ({
    getDashboardStats: build.query<DashboardStats, void>({
      query: () => 'stats',
      providesTags: [{ type: 'DashboardStats', id: 'CURRENT' }],
    }),
  }),
});

export const { useGetDashboardStatsQuery } = dashboardApi;
