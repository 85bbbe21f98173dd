import type { Plan } from '@shared/api/plans.types';
import type { Tenant } from '@shared/api/tenants.types';
import { injectEndpoints } from '../../app/baseApi';

/** The caller's tenant and plan; the plan only for users with a tenant (spec 000 §6). */
export const tenantApi = injectEndpoints({
  endpoints: (build) => ({
    getTenant: build.query<{ tenant: Tenant }, void>({
      query: () => 'tenant',
      providesTags: ['Tenant'],
    }),
    getTenantPlan: build.query<{ plan: Plan }, void>({
      query: () => 'tenant/plan',
      providesTags: ['Tenant'],
    }),
  }),
});

export const { useGetTenantQuery, useGetTenantPlanQuery } = tenantApi;
