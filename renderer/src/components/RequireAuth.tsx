import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../core/hooks';
import { selectSessionStatus } from '../core/sessionSlice';
import { FullPageSpinner } from './FullPageSpinner';

export const CHECKING_AUTHENTICATION = 'Checking authentication...';

/** Signed-in pages: a spinner while the session loads, /auth for anyone not signed in (spec 000 §2). */
export function RequireAuth() {
  const status = useAppSelector(selectSessionStatus);
  const location = useLocation();
  if (status === 'restoring') return <FullPageSpinner label={CHECKING_AUTHENTICATION} />;
  if (status === 'anonymous') {
    return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}
