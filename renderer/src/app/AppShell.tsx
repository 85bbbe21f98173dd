import { BillingGate } from '../components/billing/BillingGate';
import { selectPaymentRequired } from '../components/billing/paymentRequiredSlice';
import { ConnectivityMonitor } from '../components/connectivity/ConnectivityMonitor';
import { DeferredMount } from '../components/DeferredMount';
import { ToastViewport } from '../components/toasts/ToastViewport';
import { platform } from '../platform';
import { useAppSelector } from '../core/hooks';
import { selectAccessToken, selectCurrentUser } from '../core/sessionSlice';
import { lazyComponent } from '../core/lazyComponent';

// Opened only by a 402: its code loads then, not with every first screen.
const PaymentRequiredDialog = lazyComponent(() => import('../features/billing'), 'PaymentRequiredDialog');
// The live event stream starts once a tenant member (or a superadmin, for the platform's stream) is signed in; its
// code loads then.
const LiveEvents = lazyComponent(() => import('../features/events'), 'LiveEvents');
// The desktop console's tray, notification clicks and vault notice; never loaded by the web build.
const DesktopIntegration = lazyComponent(() => import('../features/desktop-settings'), 'DesktopIntegration');

/** Everything every screen shares: the billing gate, connectivity tracking, live events, toasts and the payment dialog. */
export function AppShell() {
  const paymentDialogOpen = useAppSelector(selectPaymentRequired).open;
  const user = useAppSelector(selectCurrentUser);
  const followsEvents = Boolean(user?.tenantId) || user?.role === 'superadmin';
  const signedIn = Boolean(useAppSelector(selectAccessToken));
  return (
    <>
      <ConnectivityMonitor />
      <BillingGate />
      <DeferredMount when={paymentDialogOpen}>
        <PaymentRequiredDialog />
      </DeferredMount>
      <DeferredMount when={followsEvents && signedIn}>
        <LiveEvents />
      </DeferredMount>
      <DeferredMount when={platform.kind === 'desktop' && signedIn}>
        <DesktopIntegration />
      </DeferredMount>
      <ToastViewport />
    </>
  );
}
