import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { SHARE_PUBLIC_PATH, type CreateSavedViewBody, type SavedView } from '@truss/contracts';
import { http } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

/**
 * Where a model's saved views come from: the model page (a member: may save, rename, delete by
 * `can()`) or a share page (a visitor: reads them through the share).
 */
export type SavedViewsSource =
  { kind: 'model'; modelId: string } | { kind: 'share'; token: string };

const savedViewsKey = (source: SavedViewsSource) =>
  source.kind === 'model'
    ? (['saved-views', 'model', source.modelId] as const)
    : (['saved-views', 'share', source.token] as const);

const listPath = (source: SavedViewsSource) =>
  source.kind === 'model'
    ? `/api/models/${source.modelId}/views`
    : `${SHARE_PUBLIC_PATH}/${encodeURIComponent(source.token)}/views`;

/** GET the views (a share's with the unlock cookie, as the share page's other requests). */
const savedViewsQuery = (source: SavedViewsSource) =>
  queryOptions({
    queryKey: savedViewsKey(source),
    queryFn: () =>
      http.get<SavedView[]>(
        listPath(source),
        source.kind === 'share' ? { credentials: 'include' } : {},
      ),
  });

export function useSavedViews(source: SavedViewsSource) {
  return useQuery(savedViewsQuery(source));
}

const viewPath = (modelId: string, viewId: string) => `/api/models/${modelId}/views/${viewId}`;

/** Save, rename and delete (members only); each refreshes the model's list. */
export function useSavedViewMutations(modelId: string) {
  const key = savedViewsKey({ kind: 'model', modelId });
  const settled = () => queryClient.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: (body: CreateSavedViewBody) =>
      http.post<SavedView>(`/api/models/${modelId}/views`, body),
    onSettled: settled,
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      http.request<SavedView>(viewPath(modelId, id), { method: 'PATCH', body: { name } }),
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: (id: string) => http.request<unknown>(viewPath(modelId, id), { method: 'DELETE' }),
    onSettled: settled,
  });
  return { create, rename, remove };
}
