import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { prefetchViewableFiles } from '../viewer/early';
import { publicShareQuery } from './api';

/**
 * The share page's prefetch (run by the guard before the page's chunk has arrived): the share,
 * then, when it shows a ready model (public, already unlocked or a member's), its viewable and
 * metadata, handed to the viewer when it asks. Failures are left to the page, which shows them.
 */
export function prefetchSharePage({ params }: LoaderFunctionArgs): void {
  const token = params.token;
  if (!token) return;
  void queryClient
    .prefetchQuery(publicShareQuery(token))
    .then(() =>
      prefetchViewableFiles(queryClient.getQueryData(publicShareQuery(token).queryKey)?.model),
    );
}
