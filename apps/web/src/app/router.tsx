import { compareRoutes } from '../features/compare/routes';
import {
  createBrowserRouter,
  replace,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { setNavigator } from '../lib/navigation';
import { guardLoader } from './guard';
import { RootShell, RootHydrateFallback } from './RootShell';
import { RouteErrorPage } from './error/RouteErrorPage';
import { AuthLayout } from './layouts/AuthLayout';
import { authRoutes } from '../features/auth/routes';
import { homeRoutes } from '../features/home/routes';
import { legalRoutes } from '../features/legal/routes';
import { modelsRoutes, modelViewerRoutes, projectModelsRoutes } from '../features/models/routes';
import { projectPageRoutes, projectsRoutes } from '../features/projects/routes';
import { projectTopicsRoutes } from '../features/topics/routes';
import { federationRoutes } from '../features/federation/routes';
import { settingsRoutes } from '../features/settings/routes';
import { paymentRoutes, receiptRoutes, subscriptionRoutes } from '../features/subscription/routes';
import { devRoutes } from '../features/dev/routes';
import { mySharesRoutes, shareRoutes } from '../features/share/routes';
import { inviteRoutes } from '../features/invite/routes';
import { page, type PageHandle } from '../lib/routing';

/**
 * The spec's underscore paths (/models_, /model_/{id}, /project_/{id}/members, ...) are kept as
 * redirects (history replace) to the canonical clean paths, query string included.
 */
export function canonicalPath(url: URL): string {
  const { pathname, search } = url;
  if (/^\/project_\/+$/.test(pathname)) return `/models${search}`;
  const clean = pathname.replace(/^\/(models|model|project)_(?=\/|$)/, '/$1');
  return `${clean}${search}`;
}

/**
 * The signed-in frame (sidebar, project switcher, user menu and what they load) and the public
 * pages' frame load with their first page, not with the sign-in pages.
 */
const defaultLayout = async () => ({
  Component: (await import('./layouts/DefaultLayout')).DefaultLayout,
});
const projectLayout = async () => ({
  Component: (await import('./layouts/ProjectLayout')).ProjectLayout,
});
const publicLayout = async () => ({
  Component: (await import('./layouts/PublicLayout')).PublicLayout,
});

const underscoreRedirect = ({ request }: LoaderFunctionArgs) =>
  replace(canonicalPath(new URL(request.url)));

/**
 * Every named leaf route gets the guard; a route's own loader runs after it. The loader data is
 * the route's own loader's, else what the guard's prefetch returned.
 */
function withGuards(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const handle = route.handle as PageHandle | undefined;
    const name = handle?.name;
    const children = route.children ? withGuards(route.children) : undefined;
    if (!name) return children ? ({ ...route, children } as RouteObject) : route;
    const guard = guardLoader(name, handle?.guard);
    const own = typeof route.loader === 'function' ? route.loader : undefined;
    const loader = async (args: LoaderFunctionArgs) => {
      const prefetched = await guard(args);
      return own ? own(args) : prefetched;
    };
    return { ...route, ...(children ? { children } : {}), loader } as RouteObject;
  });
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: RootHydrateFallback,
    children: withGuards([
      ...homeRoutes,
      { path: 'models_/*', loader: underscoreRedirect },
      { path: 'model_/*', loader: underscoreRedirect },
      { path: 'project_/*', loader: underscoreRedirect },
      { Component: AuthLayout, children: authRoutes },
      // The model page is the full-window viewer with its own header.
      ...modelViewerRoutes,
      ...federationRoutes,
      ...compareRoutes,
      // The share page draws its own chrome (none at all when embedded).
      ...shareRoutes,
      ...receiptRoutes,
      {
        lazy: publicLayout,
        children: [...legalRoutes, ...inviteRoutes, ...paymentRoutes],
      },
      {
        lazy: defaultLayout,
        children: [
          ...modelsRoutes,
          ...projectsRoutes,
          ...settingsRoutes,
          ...subscriptionRoutes,
          ...mySharesRoutes,
          ...devRoutes,
          page('*', { name: 'slug', title: 'notFound' }, () => import('./error/NotFoundPage')),
        ],
      },
      {
        lazy: projectLayout,
        children: [...projectModelsRoutes, ...projectPageRoutes, ...projectTopicsRoutes],
      },
    ]),
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
}
