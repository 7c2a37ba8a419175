import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Model, ModelVersion, UpdateModelVersionBody } from '@truss/contracts';
import { http } from '../../lib/api';
import { downloadWithToken } from '../../shared/lib/download';
import { queryClient } from '../../lib/query-client';
import { modelKey, modelListsKey } from './api';

/** One model's versions: `['models', 'versions', id]`. */
const modelVersionsKey = (id: string) => ['models', 'versions', id] as const;

/** GET /api/models/{id}/versions (newest first). */
const modelVersionsQuery = (id: string) =>
  queryOptions({
    queryKey: modelVersionsKey(id),
    queryFn: () => http.get<ModelVersion[]>(`/api/models/${id}/versions`),
    staleTime: 10_000,
  });

export function useModelVersions(id: string | undefined) {
  return useQuery({ ...modelVersionsQuery(id ?? ''), enabled: Boolean(id) });
}

/** The version `?version=<number>` names, or null (then the model's current one opens). */
export function versionByNumber(
  versions: readonly ModelVersion[] | undefined,
  number: number | null,
): ModelVersion | null {
  if (number === null || !versions) return null;
  return versions.find((v) => v.number === number) ?? null;
}

function refresh(model: Pick<Model, 'id' | 'project_id'>): void {
  void queryClient.invalidateQueries({ queryKey: modelVersionsKey(model.id) });
  void queryClient.invalidateQueries({ queryKey: modelKey(model.id) });
  void queryClient.invalidateQueries({ queryKey: modelListsKey(model.project_id) });
}

export function useMakeVersionCurrent(model: Pick<Model, 'id' | 'project_id'>) {
  return useMutation({
    mutationFn: (version: ModelVersion) =>
      http.post<Model>(`/api/models/${model.id}/versions/${version.id}/current`),
    onSuccess: (updated) => {
      queryClient.setQueryData(modelKey(updated.id), updated);
      refresh(model);
    },
  });
}

export function useRenameVersion(model: Pick<Model, 'id' | 'project_id'>) {
  return useMutation({
    mutationFn: ({ version, message }: { version: ModelVersion; message: string }) =>
      http.request<ModelVersion>(`/api/models/${model.id}/versions/${version.id}`, {
        method: 'PUT',
        body: { message } satisfies UpdateModelVersionBody,
      }),
    onSuccess: () => refresh(model),
  });
}

export function useDeleteVersion(model: Pick<Model, 'id' | 'project_id'>) {
  return useMutation({
    mutationFn: (version: ModelVersion) =>
      http.request<unknown>(`/api/models/${model.id}/versions/${version.id}`, {
        method: 'DELETE',
      }),
    onSuccess: () => refresh(model),
  });
}

export function downloadVersion(model: Pick<Model, 'name'>, version: ModelVersion) {
  return downloadWithToken(version.original_url, version.original_filename || model.name);
}
