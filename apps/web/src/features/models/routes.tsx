import type { LoaderFunctionArgs } from 'react-router';
import type { BootHandoff } from '../../boot/handoff';
import { page } from '../../lib/routing';

/**
 * The model page's prefetch and the model API it uses load with the model page (index.html
 * preloads them there), not with every page's routes.
 */
const prefetchModelPage = async (args: LoaderFunctionArgs, boot?: BootHandoff | null) =>
  (await import('./prefetch')).prefetchModelPage(args, boot);
/** The models list's first list, when the boot asked for it (only then is the module loaded). */
const prefetchModelList = (_args: LoaderFunctionArgs, boot?: BootHandoff | null) =>
  boot?.modelList ? import('./prefetch').then((m) => m.prefetchModelList(boot)) : null;

/** /models in the default layout. */
export const modelsRoutes = [
  page(
    'models',
    { name: 'models', title: 'models', guard: { prefetch: prefetchModelList } },
    () => import('./components/ModelsPage'),
  ),
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
