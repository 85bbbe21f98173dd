import { Suspense, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from './errors/RouteErrorBoundary';
import { FullPageSpinner } from './FullPageSpinner';

/** One page of the route table: loaded on demand, behind its own error guard. */
export function RoutePage({ page: Page, framed }: { page: ComponentType; framed: boolean }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<FullPageSpinner fill={framed ? 'area' : 'viewport'} />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
}
