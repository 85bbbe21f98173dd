import type { Voice, VoicesResponse } from '@shared/api/voices.types';
import { apiRoutes } from '@shared/api/routes';
import { injectEndpoints } from '../../core/baseApi';

/** The voice catalogue agents choose from. */
export const voicesApi = injectEndpoints({
  endpoints: (build) => ({
    getVoices: build.query<Voice[], void>({
      query: () => apiRoutes.voices.list.relative(),
      transformResponse: (response: VoicesResponse) => response.voices,
      providesTags: [{ type: 'Voice', id: 'LIST' }],
    }),
  }),
});

export const { useGetVoicesQuery } = voicesApi;
