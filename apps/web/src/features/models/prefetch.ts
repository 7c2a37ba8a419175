import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { modelQuery } from './api';

/**
 * Starts a file download whose only purpose is to fill the HTTP cache: the viewable URLs carry
 * their content hash and are served immutable, so the viewer's own request for the same URL
 * (made once its chunk, the page and the WebGL context are up) is answered from the cache.
 */
async function warmHttpCache(url: string): Promise<void> {
  const response = await fetch(url, { priority: 'high' });
  if (response.ok) await response.arrayBuffer();
}

/**
 * The model page's prefetch (run by the guard beside the session data): the model, then its
 * viewable and metadata, so the first frame does not wait for the page to be rendered first.
 * Failures are left to the page: its own query and the viewer report them where they are seen.
 */
export function prefetchModelPage({ params }: LoaderFunctionArgs): void {
  const id = params.id;
  if (!id) return;
  void queryClient.prefetchQuery(modelQuery(id)).then(() => {
    const model = queryClient.getQueryData(modelQuery(id).queryKey);
    if (model?.status !== 'ready') return;
    for (const url of [model.viewable_url, model.metadata_url]) {
      if (url) warmHttpCache(url).catch(() => undefined);
    }
  });
}
