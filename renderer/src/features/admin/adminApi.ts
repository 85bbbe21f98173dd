import { ADMIN_OVERVIEW_ROUTE, type AdminOverview } from '@shared/api/admin.types';
import { injectEndpoints } from '../../app/baseApi';

/** The superadmins' view of the whole platform. */
export const adminApi = injectEndpoints({
  endpoints: (build) => ({
    getAdminOverview: build.query<AdminOverview, void>({
      query: () => ADMIN_OVERVIEW_ROUTE,
      providesTags: [{ type: 'PlatformOverview', id: 'CURRENT' }],
    }),
  }),
});

export const { useGetAdminOverviewQuery } = adminApi;
