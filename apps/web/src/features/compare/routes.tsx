import { page } from '../../lib/routing';

/** /model/{id}/compare?from=&to=: two versions of a model side by side in one scene. */
export const compareRoutes = [
  page(
    'model/:id/compare',
    { name: 'model-compare', title: 'compare' },
    () => import('./components/ComparePage'),
  ),
];
