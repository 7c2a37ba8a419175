import { queryOptions } from '@tanstack/react-query';
import { DRAWING_FORMATS, type DrawingFormat, type Model, type Sheet } from '@truss/contracts';
import { http } from '../../lib/api';
import { withFirstAnswer } from '../../lib/first-answer';

/** A PDF, DXF or DWG file: it converts into sheets, not a 3D viewable. */
export function isDrawing(model: Pick<Model, 'format'>): boolean {
  return DRAWING_FORMATS.includes(model.format as DrawingFormat);
}

/**
 * GET /api/models/{id}/sheets: the sheets of a drawing or an IFC model's storey plans, with
 * signed URLs; with `olderVersionId`, that older version's (`/versions/{versionId}/sheets`).
 * `firstAnswer`: the same request made before the app started (a drawing page's boot,
 * apps/web/src/boot/drawing), used instead of asking again; if it failed, the list is asked for
 * again.
 */
export const sheetsQuery = (
  modelId: string,
  versionKey: string | null,
  {
    olderVersionId = null,
    firstAnswer,
  }: { olderVersionId?: string | null; firstAnswer?: Promise<unknown> } = {},
) =>
  queryOptions({
    queryKey: ['models', 'sheets', modelId, versionKey, olderVersionId] as const,
    queryFn: withFirstAnswer(
      () =>
        http.get<Sheet[]>(
          olderVersionId
            ? `/api/models/${modelId}/versions/${olderVersionId}/sheets`
            : `/api/models/${modelId}/sheets`,
        ),
      firstAnswer,
    ),
    staleTime: 5 * 60_000,
  });
