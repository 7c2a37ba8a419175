import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  CreateSavedQueryBody,
  ElementExportFormat,
  ElementQueryResult,
  ElementWhere,
  SavedQuery,
} from '@truss/contracts';
import { http } from '../../lib/api';
import { downloadWithToken } from '../../shared/lib/download';
import { queryClient } from '../../lib/query-client';

/** Elements the panel lists (the count is always the whole result). */
const LIST_LIMIT = 200;
/** Elements of the open model the viewer acts on (isolate, select, colour). */
const VIEWER_LIMIT = 10_000;

const base = (projectId: string) => `/api/project/${projectId}`;

export interface QueryRun {
  /** Across every model of the project: counts and the first LIST_LIMIT elements. */
  project: ElementQueryResult;
  /** The open model's matching element ids (up to VIEWER_LIMIT). */
  modelIds: number[];
}

/** Runs a query twice at once: for the list (whole project) and for the open model's ids. */
export function useRunQuery(projectId: string, modelId: string) {
  return useMutation({
    mutationFn: async (where: ElementWhere): Promise<QueryRun> => {
      const path = `${base(projectId)}/elements/query`;
      const [project, model] = await Promise.all([
        http.post<ElementQueryResult>(path, { where, limit: LIST_LIMIT }),
        http.post<ElementQueryResult>(path, { where, models: [modelId], limit: VIEWER_LIMIT }),
      ]);
      return { project, modelIds: model.elements.map((e) => e.elementId) };
    },
  });
}

export function exportElements(
  projectId: string,
  where: ElementWhere,
  format: ElementExportFormat,
) {
  return downloadWithToken(`${base(projectId)}/elements/export`, `elements.${format}`, {
    method: 'POST',
    body: { where, format },
  });
}

const savedKey = (projectId: string) => ['saved-queries', projectId] as const;

const savedQueriesQuery = (projectId: string) =>
  queryOptions({
    queryKey: savedKey(projectId),
    queryFn: () => http.get<SavedQuery[]>(`${base(projectId)}/queries`),
  });

export function useSavedQueries(projectId: string) {
  return useQuery(savedQueriesQuery(projectId));
}

/** Save, overwrite and delete; each refreshes the project's list. */
export function useSavedQueryMutations(projectId: string) {
  const settled = () => queryClient.invalidateQueries({ queryKey: savedKey(projectId) });
  const create = useMutation({
    mutationFn: (body: CreateSavedQueryBody) =>
      http.post<SavedQuery>(`${base(projectId)}/queries`, body),
    onSettled: settled,
  });
  const update = useMutation({
    mutationFn: ({ id, where }: { id: string; where: ElementWhere }) =>
      http.request<SavedQuery>(`${base(projectId)}/queries/${id}`, {
        method: 'PATCH',
        body: { where },
      }),
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      http.request<unknown>(`${base(projectId)}/queries/${id}`, { method: 'DELETE' }),
    onSettled: settled,
  });
  return { create, update, remove };
}
