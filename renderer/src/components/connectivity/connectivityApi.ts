import { apiRoutes } from '@shared/api/routes';
import { baseApi } from '../../app/baseApi';
import { HEALTH_CHECK_TIMEOUT_MS } from './connectivitySlice';

/** HEAD /api/health with its 5 s limit (spec 000 §7); a mutation, so never cached and never retried. */
export const connectivityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    checkHealth: build.mutation<null, void>({
      query: () => ({
        url: apiRoutes.health.relative(),
        method: 'HEAD',
        timeout: HEALTH_CHECK_TIMEOUT_MS,
        responseHandler: () => Promise.resolve(null),
      }),
    }),
  }),
});
