import type { DataPolicy, DataPolicyResponse } from '@shared/api/data-policy.types';
import { apiRoutes } from '@shared/api/routes';
import { injectEndpoints } from '../../core/baseApi';

const POLICY = [{ type: 'Tenant' as const, id: 'DATA_POLICY' }];

/** Account → Data policy: PII redaction and how long recordings and transcripts are kept. */
export const dataPolicyApi = injectEndpoints({
  endpoints: (build) => ({
    getDataPolicy: build.query<DataPolicy, void>({
      query: () => apiRoutes.tenant.dataPolicy.relative(),
      transformResponse: (response: DataPolicyResponse) => response.dataPolicy,
      providesTags: POLICY,
    }),
    updateDataPolicy: build.mutation<DataPolicy, DataPolicy>({
      query: (body) => ({ url: apiRoutes.tenant.dataPolicy.relative(), method: 'PUT', body }),
      transformResponse: (response: DataPolicyResponse) => response.dataPolicy,
      invalidatesTags: POLICY,
    }),
  }),
});

export const { useGetDataPolicyQuery, useUpdateDataPolicyMutation } = dataPolicyApi;
