import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  Model,
  ModelProgressEvent,
  ModelStatusEvent,
  RenameModelBody,
} from '@truss/contracts';
import { http } from '../../lib/api';
import { downloadWithToken } from '../../shared/lib/download';
import { queryClient, refetchChanged } from '../../lib/query-client';
import { projectsKey } from '../projects';
import { withFirstAnswer } from '../../lib/first-answer';
import { rememberDrawings } from '../../boot/drawing-hint';
import { isDrawing } from './sheets-api';

export type ModelSort = 'updated_at' | 'created_at' | 'name' | 'size';
export type SortOrder = 'asc' | 'desc';

export interface ModelListFilter {
  trashed: boolean;
  sort: ModelSort;
  order: SortOrder;
  search: string;
}

/**
 * Query keys. Every model query lives under `['models']`: lists under
 * `['models', 'list', projectId, filter]`, one model under `['models', 'detail', id]`.
 */
export const modelsKey = ['models'] as const;
export const modelListsKey = (projectId: string) => ['models', 'list', projectId] as const;
export const modelListKey = (projectId: string, filter: ModelListFilter) =>
  ['models', 'list', projectId, filter] as const;
export const modelKey = (id: string) => ['models', 'detail', id] as const;

/**
 * GET /api/project/{id}/models. Failures are logged (spec §8 "Failed to Get Model List").
 * `first`: the answer the boot asked for (the route loader's), taken by the first fetch.
 */
export const modelListQuery = (
  projectId: string,
  filter: ModelListFilter,
  first?: Promise<unknown>,
) => {
  const query: Record<string, string> = { sort: filter.sort, order: filter.order };
  if (filter.trashed) query.trashed = 'true';
  if (filter.search.trim()) query.search = filter.search.trim();
  const get = withFirstAnswer(
    () => http.get<Model[]>(`/api/project/${projectId}/models`, { query }),
    first,
  );
  return queryOptions({
    queryKey: modelListKey(projectId, filter),
    queryFn: async () => {
      try {
        return noteDrawings(await get());
      } catch (error) {
        console.error('[models] failed to get the model list', error);
        throw error;
      }
    },
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
};

/**
 * GET /api/models/{id}. `firstAnswer`: the same request made before the app started (the model
 * page's early view, apps/web/src/boot/model-page), used instead of asking again; if it failed, the
 * model is asked for again (refreshing the token).
 */
export const modelQuery = (id: string, firstAnswer?: Promise<unknown>) =>
  queryOptions({
    queryKey: modelKey(id),
    queryFn: async () =>
      noteDrawings([
        await withFirstAnswer(() => http.get<Model>(`/api/models/${id}`), firstAnswer)(),
      ])[0]!,
    staleTime: 30_000,
  });

/** Notes the drawings among `models` for model.html's first script (boot/drawing-hint.ts). */
function noteDrawings(models: Model[]): Model[] {
  const drawings = models.filter(isDrawing).map((model) => model.id);
  if (drawings.length && typeof localStorage !== 'undefined')
    rememberDrawings(drawings, localStorage);
  return models;
}

export function useModelList(projectId: string | undefined, filter: ModelListFilter) {
  return useQuery({
    ...modelListQuery(projectId ?? '', filter),
    enabled: !!projectId,
  });
}

/* ---------- cache updates ---------- */

type ModelPatch = Partial<Model> & { id: string };

/** Merges `patch` into the model wherever it is cached (every list and its detail). */
function patchModel(client: QueryClient, id: string, update: (model: Model) => Model | null): void {
  client.setQueriesData<Model[]>({ queryKey: ['models', 'list'] }, (list) => {
    if (!list) return list;
    let changed = false;
    const next = list.map((m) => {
      if (m.id !== id) return m;
      const updated = update(m);
      if (!updated || updated === m) return m;
      changed = true;
      return updated;
    });
    return changed ? next : list;
  });
  client.setQueryData<Model>(modelKey(id), (model) => (model ? (update(model) ?? model) : model));
}

function mergeModel(client: QueryClient, model: ModelPatch): void {
  patchModel(client, model.id, (m) => ({ ...m, ...model }));
}

const STATUS_ORDER: Record<Model['status'], number> = {
  uploading: 0,
  queued: 1,
  processing: 2,
  ready: 3,
  failed: 3,
};

/**
 * `model.progress`: written into the cache directly, no refetch (a conversion reports often).
 * Progress only moves forward, and never reopens a model that is already ready or failed (an
 * event that arrives late).
 */
export function applyModelProgress(client: QueryClient, data: ModelProgressEvent): void {
  patchModel(client, data.modelId, (model) => {
    // A new version converting: the model keeps showing its current one.
    if (data.versionId && model.current_version && data.versionId !== model.current_version.id) {
      return null;
    }
    if (model.status === 'ready' || model.status === 'failed') return null;
    if (model.status === 'processing' && data.progress < model.progress) return null;
    if (
      model.status === 'processing' &&
      data.progress === model.progress &&
      data.stage === model.stage
    ) {
      return null;
    }
    return { ...model, status: 'processing', progress: data.progress, stage: data.stage };
  });
}

/**
 * `model.status`: the new status goes into the cache at once (the badge changes without a wait),
 * then the project's lists and the model refetch (URLs, thumbnail, trash, move and rename come
 * with the fresh copy).
 */
export function applyModelStatus(
  client: QueryClient,
  projectId: string | null,
  data: ModelStatusEvent,
): void {
  patchModel(client, data.modelId, (model) => {
    // A late `processing` must not undo `ready`/`failed` (a retried conversion starts at queued).
    const later =
      STATUS_ORDER[data.status] >= STATUS_ORDER[model.status] || data.status === 'queued';
    if (!later) return null;
    return {
      ...model,
      status: data.status,
      progress: data.progress,
      stage: data.stage,
      failure: data.failure,
    };
  });
  if (projectId) void refetchChanged(client, { queryKey: modelListsKey(projectId) });
  void refetchChanged(client, { queryKey: modelKey(data.modelId) });
  void refetchChanged(client, { queryKey: ['models', 'versions', data.modelId] });
}

/** A model that just appeared (an upload finished here): into its project's live lists at once. */
export function insertModel(client: QueryClient, model: Model): void {
  for (const [key, list] of client.getQueriesData<Model[]>({
    queryKey: modelListsKey(model.project_id),
  })) {
    if (!list) continue;
    const filter = key[3] as ModelListFilter | undefined;
    if (list.some((m) => m.id === model.id)) {
      client.setQueryData<Model[]>(
        key,
        list.map((m) => (m.id === model.id ? model : m)),
      );
      continue;
    }
    const search = filter?.search.trim().toLowerCase() ?? '';
    if (!filter || filter.trashed || (search && !model.name.toLowerCase().includes(search))) {
      continue;
    }
    client.setQueryData<Model[]>(key, [model, ...list]);
  }
  client.setQueryData(modelKey(model.id), model);
  void client.invalidateQueries({ queryKey: modelListsKey(model.project_id) });
}

/** Removes a model from the lists it no longer belongs in (trashed, restored, moved, deleted). */
export function dropModelFromLists(client: QueryClient, id: string): void {
  client.setQueriesData<Model[]>({ queryKey: ['models', 'list'] }, (list) =>
    list?.some((m) => m.id === id) ? list.filter((m) => m.id !== id) : list,
  );
}

/* ---------- calls ---------- */

export const modelsApi = {
  get: (id: string) => http.get<Model>(`/api/models/${id}`),
  rename: (id: string, body: RenameModelBody) =>
    http.request<Model>(`/api/models/${id}`, { method: 'PUT', body }),
  move: (id: string, projectId: string) =>
    http.post<Model>(`/api/models/${id}/move`, { projectId }),
  trash: (id: string) => http.request<Model>(`/api/models/${id}`, { method: 'DELETE' }),
  restore: (id: string) => http.post<Model>(`/api/models/${id}/restore`),
  deletePermanently: (id: string) =>
    http.request<unknown>(`/api/models/${id}/permanent`, { method: 'DELETE' }),
};

function refreshAfterChange(projectIds: (string | undefined)[]): void {
  for (const id of new Set(projectIds)) {
    if (id) void queryClient.invalidateQueries({ queryKey: modelListsKey(id) });
  }
  // Model counts on the project cards.
  void queryClient.invalidateQueries({ queryKey: projectsKey, exact: true });
}

export function useRenameModel() {
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => modelsApi.rename(id, { name }),
    onSuccess: (model) => {
      mergeModel(queryClient, model);
      refreshAfterChange([model.project_id]);
    },
  });
}

export function useMoveModel() {
  return useMutation({
    mutationFn: ({ model, projectId }: { model: Model; projectId: string }) =>
      modelsApi.move(model.id, projectId),
    onSuccess: (moved, { model }) => {
      dropModelFromLists(queryClient, moved.id);
      queryClient.setQueryData(modelKey(moved.id), moved);
      refreshAfterChange([model.project_id, moved.project_id]);
    },
  });
}

export function useTrashModel() {
  return useMutation({
    mutationFn: (model: Model) => modelsApi.trash(model.id),
    onSuccess: (trashed) => {
      dropModelFromLists(queryClient, trashed.id);
      queryClient.setQueryData(modelKey(trashed.id), trashed);
      refreshAfterChange([trashed.project_id]);
    },
  });
}

export function useRestoreModel() {
  return useMutation({
    mutationFn: (model: Model) => modelsApi.restore(model.id),
    onSuccess: (restored) => {
      dropModelFromLists(queryClient, restored.id);
      queryClient.setQueryData(modelKey(restored.id), restored);
      refreshAfterChange([restored.project_id]);
    },
  });
}

export function useDeleteModelPermanently() {
  return useMutation({
    mutationFn: (model: Model) => modelsApi.deletePermanently(model.id),
    onSuccess: (_data, model) => {
      dropModelFromLists(queryClient, model.id);
      queryClient.removeQueries({ queryKey: modelKey(model.id) });
      refreshAfterChange([model.project_id]);
    },
  });
}

/* ---------- download ---------- */

/** GET /api/models/{id}/original needs the bearer token: fetched with it, then downloaded. */
export function downloadOriginal(model: Pick<Model, 'id' | 'name' | 'original_url'>) {
  return downloadWithToken(model.original_url, model.name);
}
