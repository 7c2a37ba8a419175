import type { LoaderFunctionArgs } from 'react-router';
import type { BootHandoff } from '../../boot/handoff';
import { queryClient } from '../../lib/query-client';
import { type EarlyView, prefetchViewableFiles } from '../viewer/early';
import { modelListQuery, modelQuery } from './api';
import { isDrawing, sheetsQuery } from './sheets-api';

/**
 * The model page's prefetch (run by the guard beside the session data): the model, then its
 * viewable and metadata (handed to the viewer when it asks), so the first frame does not wait for
 * the page to be rendered first.
 * Failures are left to the page: its own query and the viewer report them where they are seen.
 *
 * It claims the page's early view from the boot's hand-off (apps/web/src/boot), if one was
 * started for this model: its answer is the model query's first, and the rest goes to the page
 * as the route's loader data.
 */
export function prefetchModelPage(
  { params }: LoaderFunctionArgs,
  boot?: BootHandoff | null,
): EarlyView | null {
  const id = params.id;
  if (!id) return null;
  const early = boot?.modelPage?.modelId === id ? boot.modelPage.claim() : null;
  // A drawing's sheet list (and, for a drawing the browser knew, its model) read by the boot.
  const drawing = boot?.drawingPage?.modelId === id ? boot.drawingPage : null;
  void queryClient.prefetchQuery(modelQuery(id, early?.model ?? drawing?.model)).then(() => {
    const model = queryClient.getQueryData(modelQuery(id).queryKey);
    if (drawing && model && isDrawing(model)) {
      const versionKey = model.current_version?.id ?? null;
      void queryClient.prefetchQuery(sheetsQuery(id, versionKey, { firstAnswer: drawing.sheets }));
    } else prefetchViewableFiles(model);
  });
  return early;
}

/**
 * The models list's first list from the boot's hand-off (asked for before the app started, in
 * the stored sort): the list's query starts with it, so the page does not ask again. Resolves
 * once the query holds it (or there is none), before the page renders.
 */
export async function prefetchModelList(boot?: BootHandoff | null): Promise<null> {
  const list = await boot?.modelList;
  if (list) {
    // The page's filter before anything is typed (ModelsPage).
    const filter = { trashed: false, sort: list.sort, order: list.order, search: '' };
    void queryClient.prefetchQuery(modelListQuery(list.projectId, filter, list.models));
  }
  return null;
}
