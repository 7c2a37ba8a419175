import { page } from '../../lib/routing';
import { prefetchModelPage } from './prefetch';

/** /models in the default layout. */
export const modelsRoutes = [
  page('models', { name: 'models', title: 'models' }, () => import('./components/ModelsPage')),
];

/** /model/{id}: the viewer takes the whole window, so the page draws its own header. */
export const modelViewerRoutes = [
  page(
    'model/:id',
    {
      name: 'model-id',
      title: 'model',
      guard: { sessionDataInBackground: true, prefetch: prefetchModelPage },
    },
    () => import('./components/ModelDetailPage'),
  ),
];

/** Project layout: a project's models and its trash. */
export const projectModelsRoutes = [
  page(
    'models/trash',
    { name: 'models-trash', title: 'trash' },
    () => import('./components/TrashPage'),
  ),
  page(
    'models/:name',
    { name: 'models-name', title: 'models' },
    () => import('./components/ModelsPage'),
  ),
];
