import type { ApiKeyResponse, ApiKeysResponse, CreatedApiKeyResponse, ApiKey } from '@shared/api/api-keys.types';
import { apiRoutes } from '@shared/api/routes';
import type { CreateApiKeyRequest, UpdateApiKeyRequest } from '@shared/schemas/api-key.schema';
import { injectEndpoints } from '../../core/baseApi';

const KEYS = [{ type: 'ApiKey' as const, id: 'LIST' }];

/** The tenant's API keys (spec 001 §7); the list is kept 5 minutes like every query (spec 001 §9). */
export const apiKeysApi = injectEndpoints({
  endpoints: (build) => ({
    getApiKeys: build.query<ApiKey[], void>({
      query: () => apiRoutes.apiKeys.collection.relative(),
      transformResponse: (response: ApiKeysResponse) => response.apiKeys,
      providesTags: KEYS,
    }),
    createApiKey: build.mutation<CreatedApiKeyResponse, CreateApiKeyRequest>({
      query: (body) => ({ url: apiRoutes.apiKeys.collection.relative(), method: 'POST', body }),
      invalidatesTags: KEYS,
    }),
    updateApiKey: build.mutation<ApiKeyResponse, { id: string; change: UpdateApiKeyRequest }>({
      query: ({ id, change }) => ({ url: apiRoutes.apiKeys.byId.relative(id), method: 'PATCH', body: change }),
      invalidatesTags: KEYS,
    }),
    deleteApiKey: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: apiRoutes.apiKeys.byId.relative(id), method: 'DELETE' }),
      invalidatesTags: KEYS,
    }),
  }),
});

export const { useGetApiKeysQuery, useCreateApiKeyMutation, useUpdateApiKeyMutation, useDeleteApiKeyMutation } =
  apiKeysApi;
