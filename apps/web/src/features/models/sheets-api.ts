import { queryOptions } from '@tanstack/react-query';
import { DRAWING_FORMATS, type DrawingFormat, type Model, type Sheet } from '@truss/contracts';
import { http } from '../../lib/api';

/** A PDF, DXF or DWG file: it converts into sheets, not a 3D viewable. */
export function isDrawing(model: Pick<Model, 'format'>): boolean {
  return DRAWING_FORMATS.includes(model.format as DrawingFormat);
}

/**
 * GET /api/models/{id}/sheets: the sheets of a drawing or an IFC model's storey plans, with
 * signed URLs; with `olderVersionId`, that older version's (`/versions/{versionId}/sheets`).
 */
export const sheetsQuery = (
  modelId: string,
  versionKey: string | null,
  olderVersionId: string | null = null,
) =>
  queryOptions({
    queryKey: ['models', 'sheets', modelId, versionKey, olderVersionId] as const,
    queryFn: () =>
      http.get<Sheet[]>(
        olderVersionId
          ? `/api/models/${modelId}/versions/${olderVersionId}/sheets`
          : `/api/models/${modelId}/sheets`,
      ),
    staleTime: 5 * 60_000,
  });
