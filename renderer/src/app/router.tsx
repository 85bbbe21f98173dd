import { useLayoutEffect } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { NotFoundPage } from '../components/errors/NotFoundPage';
import { PageFrame } from '../components/frame/PageFrame';
import { RequireAuth } from '../components/RequireAuth';
import { RoutePage } from '../components/RoutePage';
import { AppShell } from './AppShell';
import { registerNavigator } from './navigation';
import { FRAMED_ROUTES, PUBLIC_ROUTES, STANDALONE_ROUTES, type PageRoute } from './routes';

/** Lets code outside components (the base API, session actions) change the page through the router. */
function NavigatorRegistration() {
  const navigate = useNavigate();
  useLayoutEffect(() => registerNavigator((to, options) => void navigate(to, options)), [navigate]);
  return null;
}

const pageRoutes = (routes: PageRoute[], framed: boolean) =>
  routes.map(({ path, page }) => <Route key={path} path={path} element={<RoutePage page={page} framed={framed} />} />);

/**
 * The route tree (spec 000 §2) on the declarative router: the app needs no loaders or actions, and the data router
 * would double the router's share of the first load. Errors outside a page's own guard reach AppErrorBoundary.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <NavigatorRegistration />
      <Routes>
        <Route element={<AppShell />}>
          <Route element={<RequireAuth />}>
            <Route element={<PageFrame />}>{pageRoutes(FRAMED_ROUTES, true)}</Route>
            {pageRoutes(STANDALONE_ROUTES, false)}
          </Route>
          {pageRoutes(PUBLIC_ROUTES, false)}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
