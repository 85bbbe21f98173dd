import { BillingGate } from '../components/billing/BillingGate';
import { ConnectivityMonitor } from '../components/connectivity/ConnectivityMonitor';
import { ToastViewport } from '../components/toasts/ToastViewport';
import { PaymentRequiredDialog } from '../features/billing';

/** Everything every screen shares: the billing gate, connectivity tracking, toasts and the payment dialog. */
export function AppShell() {
  return (
    <>
      <ConnectivityMonitor />
      <BillingGate />
      <PaymentRequiredDialog />
      <ToastViewport />
    </>
  );
}
