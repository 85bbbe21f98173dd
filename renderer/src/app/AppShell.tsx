import { BillingGate } from '../components/billing/BillingGate';
import { selectPaymentRequired } from '../components/billing/paymentRequiredSlice';
import { ConnectivityMonitor } from '../components/connectivity/ConnectivityMonitor';
import { DeferredMount } from '../components/DeferredMount';
import { ToastViewport } from '../components/toasts/ToastViewport';
import { useAppSelector } from './hooks';
import { lazyComponent } from './lazyComponent';

// Opened only by a 402: its code loads then, not with every first screen.
const PaymentRequiredDialog = lazyComponent(
  () => import('../components/billing/PaymentRequiredDialog'),
  'PaymentRequiredDialog',
);

/** Everything every screen shares: the billing gate, connectivity tracking, toasts and the payment dialog. */
export function AppShell() {
  const paymentDialogOpen = useAppSelector(selectPaymentRequired).open;
  return (
    <>
      <ConnectivityMonitor />
      <BillingGate />
      <DeferredMount when={paymentDialogOpen}>
        <PaymentRequiredDialog />
      </DeferredMount>
      <ToastViewport />
    </>
  );
}
