import { page } from '../../lib/routing';

/** /project/{id}/view?models=...: the viewer takes the whole window, as on the model page. */
export const federationRoutes = [
  page(
    'project/:id/view',
    { name: 'project-id-view', title: 'federatedView' },
    () => import('./components/FederatedViewPage'),
  ),
];
