/** What other features may use of the voice catalogue. */
export { useGetVoicesQuery } from './voicesApi';
