import type { LoaderFunctionArgs } from 'react-router';
import { page } from '../../lib/routing';

/**
 * The model page's prefetch and the model API it uses load with the model page (index.html
 * preloads them there), not with every page's routes.
 */
const prefetchModelPage = async (args: LoaderFunctionArgs) =>
  (await import('./prefetch')).prefetchModelPage(args);

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
