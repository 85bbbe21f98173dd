import { injectEndpoints } from '../../app/baseApi';

/** The payment provider's billing portal, opened from the Payment Required dialog (spec 000 §7). */
export const billingPortalApi = injectEndpoints({
  endpoints: (build) => ({
    openCustomerPortal: build.mutation<{ url?: string }, { returnUrl: string }>({
      query: (body) => ({ url: 'billing/customer-portal', method: 'POST', body }),
    }),
  }),
});

export const { useOpenCustomerPortalMutation } = billingPortalApi;
