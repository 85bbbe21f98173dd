import type { PlatformOperations, TenantOperations } from '@shared/api/operations.types';
import { apiRoutes } from '@shared/api/routes';
import { injectEndpoints } from '../../core/baseApi';

/** The dialer's live operations; refetched when a live event says a call or a campaign moved, never on a timer. */
export const operationsApi = injectEndpoints({
  endpoints: (build) => ({
    getOperations: build.query<TenantOperations, void>({
      query: () => apiRoutes.operations.tenant.relative(),
      providesTags: [{ type: 'Operations', id: 'LIVE' }],
      keepUnusedDataFor: 0,
    }),
    getPlatformOperations: build.query<PlatformOperations, void>({
      query: () => apiRoutes.operations.platform.relative(),
      providesTags: [{ type: 'Operations', id: 'LIVE' }],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetOperationsQuery, useGetPlatformOperationsQuery } = operationsApi;
