import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RequireAccess } from './guards/require-access';
import { RouteErrorPage } from './layout/route-error-page';
import { PageLoader } from '@/components/page-loader';
import { CO_HOST_PAGE, ROLE_ADMIN } from '@hubbub/contract';
import type { RouteAccessHandle } from './guards/access';
import type { LayoutHandle } from './layout/layout-handle';

type RouteModule = { default: ComponentType };

/** Route modules are split out so the first load only carries the shell. */
const page = (load: () => Promise<RouteModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** A page that fills the screen itself (the search's map and list): the layout adds no footer. */
const fullScreen: LayoutHandle = { fullScreen: true };
const loginRequired: RouteAccessHandle = { access: { login: true } };
const adminRequired: RouteAccessHandle = { access: { login: true, roles: [ROLE_ADMIN] } };

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { index: true, element: <Navigate to="/search" replace /> },
      // Spec 2: a child of / sends the browser to the external content site.
      { path: 'cms', ...page(() => import('@/routes/cms')) },
      { path: 'dashboard', ...page(() => import('@/routes/dashboard')) },
      { path: 'login', ...page(() => import('@/routes/login')) },
      { path: 'register', ...page(() => import('@/routes/register')) },
      { path: 'verification', ...page(() => import('@/routes/verification')) },
      { path: 'password/forgot', ...page(() => import('@/routes/password-forgot')) },
      { path: 'password/reset', ...page(() => import('@/routes/password-reset')) },
      // Where Google and Microsoft send the browser back (the redirect URI registered with them).
      { path: 'auth/callback/:provider', ...page(() => import('@/routes/auth-callback')) },
      { path: 'search', handle: fullScreen, ...page(() => import('@/routes/search')) },
      // An email's unsubscribe link: it works without signing in, the link itself being the proof.
      { path: 'unsubscribe', ...page(() => import('@/routes/unsubscribe')) },
      { id: 'person', path: 'person/:id', ...page(() => import('@/routes/person')) },
      // The public event page is the server's: an in-app visit (back from signing in) loads it from there.
      { path: 'e/*', ...page(() => import('@/routes/public-event')) },
      {
        id: 'main',
        element: <RequireAccess />,
        handle: loginRequired,
        children: [
          { path: 'buzz/:id?', ...page(() => import('@/routes/buzz')) },
          { path: 'events', ...page(() => import('@/routes/events')) },
          { path: 'events/new', ...page(() => import('@/routes/event-new')) },
          { path: 'events/following', ...page(() => import('@/routes/events-following')) },
          { path: 'tickets', ...page(() => import('@/routes/my-tickets')) },
          { id: 'event', path: 'event/:id', ...page(() => import('@/routes/event')) },
          { path: 'event/:id/edit', ...page(() => import('@/routes/event-edit')) },
          { path: 'event/:id/flyers', ...page(() => import('@/routes/event-flyers')) },
          { path: 'event/:id/check-in', ...page(() => import('@/routes/event-check-in')) },
          { path: CO_HOST_PAGE.slice(1), ...page(() => import('@/routes/co-host-invitation')) },
          { path: 'event/:id/invitation/:token', ...page(() => import('@/routes/event-invitation')) },
          { path: 'people', ...page(() => import('@/routes/people')) },
          { path: 'documents', ...page(() => import('@/routes/documents')) },
          { path: 'documents/:id', ...page(() => import('@/routes/document')) },
          {
            path: 'account',
            ...page(() => import('@/routes/account/account-layout')),
            children: [
              { index: true, element: <Navigate to="profile" replace /> },
              { path: 'profile', ...page(() => import('@/routes/account/profile')) },
              { path: 'subscription', ...page(() => import('@/routes/account/subscription')) },
              { path: 'settings', ...page(() => import('@/routes/account/settings')) },
            ],
          },
        ],
      },
      {
        id: 'admin',
        path: 'admin',
        element: <RequireAccess />,
        handle: adminRequired,
        children: [
          { index: true, ...page(() => import('@/routes/admin')) },
          { path: 'people/:id', ...page(() => import('@/routes/admin-person')) },
        ],
      },
      { path: '*', ...page(() => import('@/routes/not-found')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Starts loading the code of the page at `pathname` (its route modules and what they import), so
 * it downloads beside the boot steps instead of after them: the router is made only once they are
 * done. The router's own load then finds the modules already there.
 */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const lazy = match.route.lazy;
    // A failed download is the router's to report, when it loads the page itself.
    if (typeof lazy === 'function') lazy().catch(() => undefined);
  }
}
