import type { Plan } from '@shared/api/plans.types';
import { apiRoutes } from '@shared/api/routes';
import type { Tenant } from '@shared/api/tenants.types';
import type { UpdateTenantRequest } from '@shared/schemas/tenant.schema';
import { injectEndpoints } from '../../core/baseApi';

/** The caller's tenant (its admins change its country) and plan; the plan only for users with a tenant (spec 000 §6). */
export const tenantApi = injectEndpoints({
  endpoints: (build) => ({
    getTenant: build.query<{ tenant: Tenant }, void>({
      query: () => apiRoutes.tenant.current.relative(),
      providesTags: ['Tenant'],
    }),
    updateTenant: build.mutation<{ tenant: Tenant }, UpdateTenantRequest>({
      query: (body) => ({ url: apiRoutes.tenant.current.relative(), method: 'PATCH', body }),
      invalidatesTags: ['Tenant'],
    }),
    getTenantPlan: build.query<{ plan: Plan }, void>({
      query: () => apiRoutes.tenant.plan.relative(),
      providesTags: ['Tenant'],
    }),
  }),
});

export const { useGetTenantQuery, useGetTenantPlanQuery, useUpdateTenantMutation } = tenantApi;
