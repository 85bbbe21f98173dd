import type { AdminOverview } from '@shared/api/admin.types';
import { apiRoutes } from '@shared/api/routes';
import { injectEndpoints } from '../../core/baseApi';

/** The superadmins' view of the whole platform. */
export const adminApi = injectEndpoints({
  endpoints: (build) => ({
    getAdminOverview: build.query<AdminOverview, void>({
      query: () => apiRoutes.admin.overview.relative(),
      providesTags: [{ type: 'PlatformOverview', id: 'CURRENT' }],
    }),
    resetDemoData: build.mutation<{ message: string }, void>({
      query: () => ({ url: apiRoutes.admin.demoReset.relative(), method: 'POST' }),
      invalidatesTags: [{ type: 'PlatformOverview', id: 'CURRENT' }],
    }),
  }),
});

export const { useGetAdminOverviewQuery, useResetDemoDataMutation } = adminApi;
