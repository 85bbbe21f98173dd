import { Suspense, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { decideAccess, type Access } from '../core/access';
import { useAppSelector } from '../core/hooks';
import { selectCurrentUser } from '../core/sessionSlice';
import { AccessDeniedScreen } from './AccessDeniedScreen';
import { RouteErrorBoundary } from './errors/RouteErrorBoundary';
import { FullPageSpinner } from './FullPageSpinner';

interface RoutePageProps {
  page: ComponentType;
  framed: boolean;
  /** Who may open the page; others get the refusal, and the page is never loaded for them. */
  access?: Access;
}

/** One page of the route table: guarded, loaded on demand, behind its own error guard. */
export function RoutePage({ page: Page, framed, access }: RoutePageProps) {
  const { pathname } = useLocation();
  const decision = decideAccess(access, useAppSelector(selectCurrentUser));
  return (
    <RouteErrorBoundary resetKey={pathname}>
      {decision.allowed ? (
        <Suspense fallback={<FullPageSpinner fill={framed ? 'area' : 'viewport'} />}>
          <Page />
        </Suspense>
      ) : (
        <AccessDeniedScreen refusal={decision} fullPage={!framed} />
      )}
    </RouteErrorBoundary>
  );
}
