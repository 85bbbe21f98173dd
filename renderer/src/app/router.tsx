import { createBrowserRouter, useLocation, useNavigate, type RouteObject } from 'react-router-dom';
import { FullPageError } from '../components/errors/AppErrorBoundary';
import { NotFoundPage } from '../components/errors/NotFoundPage';
import { RequireAuth } from '../components/RequireAuth';
import { RoutePage } from '../components/RoutePage';
import { AppShell } from './AppShell';
import { PageFrame } from './frame/PageFrame';
import { registerNavigator } from './navigation';
import { FRAMED_ROUTES, PUBLIC_ROUTES, STANDALONE_ROUTES, type PageRoute } from './routes';

function RouterError() {
  const navigate = useNavigate();
  const location = useLocation();
  return <FullPageError onTryAgain={() => void navigate(location, { replace: true })} />;
}

const toRoute =
  (framed: boolean) =>
  ({ path, page, access }: PageRoute): RouteObject => ({
    path,
    element: <RoutePage page={page} framed={framed} access={access} />,
  });

export const routeObjects: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouterError />,
    children: [
      {
        element: <RequireAuth />,
        children: [
          { element: <PageFrame />, children: FRAMED_ROUTES.map(toRoute(true)) },
          ...STANDALONE_ROUTES.map(toRoute(false)),
        ],
      },
      ...PUBLIC_ROUTES.map(toRoute(false)),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routeObjects);
  registerNavigator((to, options) => void router.navigate(to, options));
  return router;
}
