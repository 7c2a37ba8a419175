import { queryOptions } from '@tanstack/react-query';
import {
  DRAWING_FORMATS,
  type DrawingFormat,
  type Model,
  type ModelDiff,
  type Sheet,
} from '@truss/contracts';
import { readMetadata, type ModelMetadata } from '@truss/viewable';
import { http } from '../../lib/api';
import { getLocale } from '../../lib/locale';
import { withCallHeaders } from '../../lib/request-id';
import { parseViewableBytes } from '../viewer';

/** What the compare page needs of a version (the versions list's entries carry more). */
export interface CompareVersion {
  id: string;
  number: number;
  status: string;
  viewable_url: string | null;
  metadata_url: string | null;
}

export const versionsQuery = (modelId: string) =>
  queryOptions({
    queryKey: ['models', modelId, 'versions'],
    queryFn: () => http.get<CompareVersion[]>(`/api/models/${modelId}/versions`),
    staleTime: 30_000,
  });

export const diffQuery = (modelId: string, from: string, to: string) =>
  queryOptions({
    queryKey: ['models', modelId, 'diff', from, to],
    queryFn: () =>
      http.get<ModelDiff>(
        `/api/models/${modelId}/diff?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      ),
    // Two converted versions never change: the answer stays true.
    staleTime: Infinity,
  });

/** A version's metadata (signed URL: no token), read as the viewer reads it. */
export const metadataQuery = (url: string | null) =>
  queryOptions({
    queryKey: ['viewable-metadata', url?.replace(/[?&](exp|sig)=[^&]*/g, '')],
    enabled: !!url,
    queryFn: async (): Promise<ModelMetadata> => {
      const response = await fetch(url!, { headers: withCallHeaders(undefined, getLocale()) });
      if (!response.ok) throw new Error(`Metadata: HTTP ${response.status}`);
      // The 200k tower's is 39 MB: parsed in a worker, the two versions' views stay orbitable.
      const metadata = readMetadata(await parseViewableBytes(await response.arrayBuffer()));
      if (!metadata) throw new Error('Metadata of an older format');
      return metadata;
    },
    staleTime: Infinity,
  });

/** The model compared (its format says how: sheets overlaid, or one 3D scene). */
export const compareModelQuery = (modelId: string) =>
  queryOptions({
    queryKey: ['models', modelId, 'compare-model'],
    queryFn: () => http.get<Model>(`/api/models/${modelId}`),
    staleTime: 30_000,
  });

/** A PDF, DXF or DWG file: its versions compare as sheets. */
export function isDrawingModel(model: Pick<Model, 'format'>): boolean {
  return DRAWING_FORMATS.includes(model.format as DrawingFormat);
}

/** GET /api/models/{id}/versions/{versionId}/sheets: one version's sheets, signed URLs. */
export const versionSheetsQuery = (modelId: string, versionId: string | null) =>
  queryOptions({
    queryKey: ['models', modelId, 'versions', versionId, 'sheets'],
    queryFn: () => http.get<Sheet[]>(`/api/models/${modelId}/versions/${versionId}/sheets`),
    enabled: !!versionId,
    staleTime: 5 * 60_000,
  });
