import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { prefetchViewableFiles } from '../viewer/viewable-handoff';
import { modelQuery } from './api';

/**
 * The model page's prefetch (run by the guard beside the session data): the model, then its
 * viewable and metadata (handed to the viewer when it asks), so the first frame does not wait for
 * the page to be rendered first.
 * Failures are left to the page: its own query and the viewer report them where they are seen.
 */
export function prefetchModelPage({ params }: LoaderFunctionArgs): void {
  const id = params.id;
  if (!id) return;
  void queryClient
    .prefetchQuery(modelQuery(id))
    .then(() => prefetchViewableFiles(queryClient.getQueryData(modelQuery(id).queryKey)));
}
