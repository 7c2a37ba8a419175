import type { LoaderFunctionArgs } from 'react-router';
import { page } from '../../lib/routing';

/** The share page's prefetch and API load with the share page (index.html preloads them there). */
const prefetchSharePage = async (args: LoaderFunctionArgs) =>
  (await import('./prefetch')).prefetchSharePage(args);

/**
 * Share visitors are not signed in: the route is named page-share so the guard lets them in. The
 * page draws its own chrome (a slim header, or none in the `?embed=1` mode).
 */
export const shareRoutes = [
  page(
    'share/:token',
    { name: 'page-share', title: 'share', guard: { prefetch: prefetchSharePage } },
    () => import('./components/SharePage'),
  ),
];

/** My Shares, in the default layout (signed in). */
export const mySharesRoutes = [
  page('shares', { name: 'shares', title: 'myShares' }, () => import('./components/MySharesPage')),
];
