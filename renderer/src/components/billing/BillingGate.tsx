import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { BILLING_SETUP_PATH, isBillingGateExempt } from '../../core/billingGate';
import { useAppSelector } from '../../core/hooks';
import { selectNeedsBillingSetup } from '../../core/sessionSlice';

/** Sends a tenant whose billing is not active to plan setup (spec 000 §4). */
export function BillingGate() {
  const needsSetup = useAppSelector(selectNeedsBillingSetup);
  const { pathname } = useLocation();
  if (needsSetup && !isBillingGateExempt(pathname)) return <Navigate to={BILLING_SETUP_PATH} replace />;
  return <Outlet />;
}
