import type {
  BillingStatusResponse,
  InvoicesResponse,
  ConfirmPaymentMethodResponse,
  PortalSessionResponse,
  SetupIntentResponse,
  SubscriptionResponse,
} from '@shared/api/billing.types';
import type { Plan, PlansResponse } from '@shared/api/plans.types';
import { apiRoutes } from '@shared/api/routes';
import type { CurrentUsageResponse, UsageHistoryResponse, UsageLimitsResponse } from '@shared/api/usage.types';
import type {
  CancelSubscriptionRequest,
  ConfirmPaymentMethodRequest,
  SubscriptionRequest,
} from '@shared/schemas/billing.schema';
import { injectEndpoints, refreshAccessToken } from '../../core/baseApi';
import type { AppDispatch } from '../../core/store';

/** History is fetched for 12 months; the trend chart shows the last 6 (spec 001 §9). */
export const USAGE_HISTORY_MONTHS = 12;

const BILLING_TAGS = [
  { type: 'Billing' as const, id: 'STATUS' },
  { type: 'Billing' as const, id: 'SUBSCRIPTION' },
  { type: 'Billing' as const, id: 'INVOICES' },
  { type: 'Usage' as const, id: 'CURRENT' },
  { type: 'Usage' as const, id: 'LIMITS' },
  { type: 'Usage' as const, id: 'HISTORY' },
  { type: 'DashboardStats' as const, id: 'CURRENT' },
];

/** The tenant's billing, subscription, cards and usage (spec 001 §7). */
export const billingApi = injectEndpoints({
  endpoints: (build) => ({
    getBillingStatus: build.query<BillingStatusResponse, void>({
      query: () => apiRoutes.billing.status.relative(),
      providesTags: [{ type: 'Billing', id: 'STATUS' }],
    }),
    getInvoices: build.query<InvoicesResponse, void>({
      query: () => apiRoutes.billing.invoices.relative(),
      providesTags: [{ type: 'Billing', id: 'INVOICES' }],
    }),
    getSubscription: build.query<SubscriptionResponse, void>({
      query: () => apiRoutes.billing.subscription.relative(),
      providesTags: [{ type: 'Billing', id: 'SUBSCRIPTION' }],
    }),
    getUsageLimits: build.query<UsageLimitsResponse, void>({
      query: () => apiRoutes.usage.limits.relative(),
      providesTags: [{ type: 'Usage', id: 'LIMITS' }],
    }),
    getCurrentUsage: build.query<CurrentUsageResponse, void>({
      query: () => apiRoutes.usage.current.relative(),
      providesTags: [{ type: 'Usage', id: 'CURRENT' }],
    }),
    getUsageHistory: build.query<UsageHistoryResponse, void>({
      query: () => ({ url: apiRoutes.usage.history.relative(), params: { limit: USAGE_HISTORY_MONTHS } }),
      providesTags: [{ type: 'Usage', id: 'HISTORY' }],
    }),
    getVisiblePlans: build.query<Plan[], void>({
      query: () => apiRoutes.plans.visible.relative(),
      transformResponse: (response: PlansResponse) => response.plans,
      providesTags: [{ type: 'Plan', id: 'VISIBLE' }],
    }),
    createSetupIntent: build.mutation<SetupIntentResponse, void>({
      query: () => ({ url: apiRoutes.billing.setupIntent.relative(), method: 'POST' }),
    }),
    confirmPaymentMethod: build.mutation<ConfirmPaymentMethodResponse, ConfirmPaymentMethodRequest>({
      query: (body) => ({ url: apiRoutes.billing.confirmPaymentMethod.relative(), method: 'POST', body }),
    }),
    createSubscription: build.mutation<SubscriptionResponse, SubscriptionRequest>({
      query: (body) => ({ url: apiRoutes.billing.subscription.relative(), method: 'POST', body }),
    }),
    cancelSubscription: build.mutation<SubscriptionResponse, CancelSubscriptionRequest>({
      query: (body) => ({ url: apiRoutes.billing.cancelSubscription.relative(), method: 'POST', body }),
    }),
    createPortalSession: build.mutation<PortalSessionResponse, void>({
      query: () => ({ url: apiRoutes.billing.createPortalSession.relative(), method: 'POST' }),
    }),
  }),
});

export const {
  useGetBillingStatusQuery,
  useGetInvoicesQuery,
  useGetSubscriptionQuery,
  useGetUsageLimitsQuery,
  useGetCurrentUsageQuery,
  useGetUsageHistoryQuery,
  useGetVisiblePlansQuery,
  useCreateSetupIntentMutation,
  useConfirmPaymentMethodMutation,
  useCreateSubscriptionMutation,
  useCancelSubscriptionMutation,
  useCreatePortalSessionMutation,
} = billingApi;

/**
 * After a change of the tenant's billing: a new access token first, which carries the billing status the gate reads
 * (spec 001 §4), then every billing answer afresh. Awaited before moving on, so the gate sees the new status.
 */
export function billingChanged() {
  return async (dispatch: AppDispatch) => {
    await dispatch(refreshAccessToken());
    dispatch(billingApi.util.invalidateTags(BILLING_TAGS));
  };
}
