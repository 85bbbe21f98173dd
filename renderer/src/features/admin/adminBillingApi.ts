import type {
  AdminTenantBillingUpdateResponse,
  AdminTenantsBillingResponse,
  SyncUsageResponse,
} from '@shared/api/admin-billing.types';
import type { Plan, PlanResponse, PlansResponse } from '@shared/api/plans.types';
import { apiRoutes } from '@shared/api/routes';
import type { AdminTenantsQuery, PlanInput, TenantBillingUpdate } from '@shared/schemas/billing.schema';
import { injectEndpoints } from '../../core/baseApi';

const TENANTS_LIST = { type: 'AdminTenantBilling' as const, id: 'LIST' };
const PLANS_LIST = { type: 'Plan' as const, id: 'LIST' };
const PLANS_VISIBLE = { type: 'Plan' as const, id: 'VISIBLE' };

/** The superadmins' billing of every tenant and the plan catalogue (spec 001 §7). */
export const adminBillingApi = injectEndpoints({
  endpoints: (build) => ({
    getTenantsBilling: build.query<AdminTenantsBillingResponse, Partial<AdminTenantsQuery>>({
      query: ({ page, pageSize, sortField, sortOrder, search }) => ({
        url: apiRoutes.admin.tenantsBilling.relative(),
        params: {
          page,
          pageSize,
          ...(sortField ? { sortField, sortOrder: sortOrder ?? 'asc' } : {}),
          ...(search ? { search } : {}),
        },
      }),
      providesTags: [TENANTS_LIST],
    }),
    updateTenantBilling: build.mutation<
      AdminTenantBillingUpdateResponse,
      { tenantId: string } & Partial<TenantBillingUpdate>
    >({
      query: ({ tenantId, ...body }) => ({
        url: apiRoutes.admin.tenantBilling.relative(tenantId),
        method: 'PATCH',
        body,
      }),
      invalidatesTags: [TENANTS_LIST, { type: 'PlatformOverview', id: 'CURRENT' }],
    }),
    syncTenantUsage: build.mutation<SyncUsageResponse, string>({
      query: (tenantId) => ({ url: apiRoutes.admin.tenantSyncUsage.relative(tenantId), method: 'POST' }),
      invalidatesTags: [TENANTS_LIST],
    }),
    getAdminPlans: build.query<Plan[], void>({
      query: () => apiRoutes.admin.plans.relative(),
      transformResponse: (response: PlansResponse) => response.plans,
      providesTags: [PLANS_LIST],
    }),
    createPlan: build.mutation<PlanResponse, PlanInput>({
      query: (body) => ({ url: apiRoutes.admin.plans.relative(), method: 'POST', body }),
      invalidatesTags: [PLANS_LIST, PLANS_VISIBLE],
    }),
    updatePlan: build.mutation<PlanResponse, PlanInput>({
      query: ({ id, ...body }) => ({
        url: apiRoutes.admin.planById.relative(id),
        method: 'PUT',
        body: { id, ...body },
      }),
      invalidatesTags: [PLANS_LIST, PLANS_VISIBLE, TENANTS_LIST],
    }),
    syncPlan: build.mutation<PlanResponse, string>({
      query: (planId) => ({ url: apiRoutes.admin.planSync.relative(planId), method: 'POST' }),
      invalidatesTags: [PLANS_LIST, PLANS_VISIBLE],
    }),
  }),
});

export const {
  useGetTenantsBillingQuery,
  useUpdateTenantBillingMutation,
  useSyncTenantUsageMutation,
  useGetAdminPlansQuery,
  useCreatePlanMutation,
  useUpdatePlanMutation,
  useSyncPlanMutation,
} = adminBillingApi;
