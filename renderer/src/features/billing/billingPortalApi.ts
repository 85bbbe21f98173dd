import { apiRoutes } from '@shared/api/routes';
import { injectEndpoints } from '../../core/baseApi';

/** The payment provider's billing portal, opened from the Payment Required dialog (spec 000 §7). */
export const billingPortalApi = injectEndpoints({
  endpoints: (build) => ({
    openCustomerPortal: build.mutation<{ url?: string }, { returnUrl: string }>({
      query: (body) => ({ url: apiRoutes.billing.customerPortal.relative(), method: 'POST', body }),
    }),
  }),
});

export const { useOpenCustomerPortalMutation } = billingPortalApi;
