/** What other features may use of phone numbers. */
export { useGetPhoneNumbersQuery } from './phoneNumbersApi';
