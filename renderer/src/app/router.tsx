import { Suspense, useLayoutEffect } from 'react';
import { BrowserRouter, Outlet, Route, Routes, useNavigate } from 'react-router-dom';
import { NotFoundPage } from '../components/errors/NotFoundPage';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { RequireAuth } from '../components/RequireAuth';
import { RoutePage } from '../components/RoutePage';
import { AppShell } from './AppShell';
import { lazyComponent } from '../core/lazyComponent';
import { useAppSelector } from '../core/hooks';
import { registerNavigator } from '../core/navigation';
import { selectSessionStatus } from '../core/sessionSlice';
import { FRAMED_ROUTES, PUBLIC_ROUTES, STANDALONE_ROUTES, type PageRoute } from './routes';

// Only signed-in pages have the frame (header, menus, drawer): the sign-in and account screens load without it.
const PageFrame = lazyComponent(() => import('./frame/PageFrame'), 'PageFrame');

/** Lets code outside components (the base API, session actions) change the page through the router. */
function NavigatorRegistration() {
  const navigate = useNavigate();
  useLayoutEffect(() => registerNavigator((to, options) => void navigate(to, options)), [navigate]);
  return null;
}

/** The signed-in page frame around its routes. */
function Framed() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <PageFrame />
    </Suspense>
  );
}

/** An unknown path keeps the frame (and its way back) for someone signed in; a visitor meets a plain page. */
function FramedWhenSignedIn() {
  return useAppSelector(selectSessionStatus) === 'authenticated' ? <Framed /> : <Outlet />;
}

const pageRoutes = (routes: PageRoute[], framed: boolean) =>
  routes.map(({ path, page, access }) => (
    <Route key={path} path={path} element={<RoutePage page={page} framed={framed} access={access} />} />
  ));

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
            <Route element={<Framed />}>{pageRoutes(FRAMED_ROUTES, true)}</Route>
            {pageRoutes(STANDALONE_ROUTES, false)}
          </Route>
          {pageRoutes(PUBLIC_ROUTES, false)}
          <Route element={<FramedWhenSignedIn />}>
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
