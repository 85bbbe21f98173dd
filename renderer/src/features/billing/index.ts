/** What the app shell may use of billing. */
export { PaymentRequiredDialog } from './PaymentRequiredDialog';
