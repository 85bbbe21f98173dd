/** What other features and the app frame may use of the tenant. */
export { useGetTenantQuery, useUpdateTenantMutation } from './tenantApi';
