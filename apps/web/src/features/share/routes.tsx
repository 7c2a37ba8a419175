import { page } from '../../lib/routing';

/** Share visitors are not signed in: the route is named page-share so the guard lets them in. */
export const shareRoutes = [
  page(
    'share/:token',
    { name: 'page-share', title: 'share' },
    () => import('./components/SharePage'),
  ),
];
