import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { claimEarlyView, type EarlyView, prefetchViewableFiles } from '../viewer/early';
import { modelQuery } from './api';

/**
 * The model page's prefetch (run by the guard beside the session data): the model, then its
 * viewable and metadata (handed to the viewer when it asks), so the first frame does not wait for
 * the page to be rendered first.
 * Failures are left to the page: its own query and the viewer report them where they are seen.
 *
 * It claims the page's early view (features/viewer/boot), if one was started for this model:
 * its answer is the model query's, and the rest goes to the page as the route's loader data.
 */
export function prefetchModelPage({ params }: LoaderFunctionArgs): EarlyView | null {
  const id = params.id;
  if (!id) return null;
  const early = claimEarlyView(id);
  void queryClient
    .prefetchQuery(modelQuery(id, early?.model))
    .then(() => prefetchViewableFiles(queryClient.getQueryData(modelQuery(id).queryKey)));
  return early;
}
