import { z } from 'zod';
import { SHEET_PREVIEW_DEFAULT_WIDTH, SHEET_PREVIEW_MAX_WIDTH } from './sheet-rules.ts';

/**
 * Sheets: the 2D side of a model. A PDF, DXF or DWG file converts into sheets (one per PDF page
 * and per DWG/DXF layout, model space first); an IFC model gets one storey plan per storey.
 * The stored format is `@truss/viewable`'s `sheets.ts`; these are the API's shapes.
 */

export const sheetLayerSchema = z.object({
  name: z.string(),
  visible: z.boolean(),
  color: z.string(),
});

export const sheetSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    index: z.number().int().nonnegative(),
    kind: z.enum(['page', 'model-space', 'layout', 'storey-plan']),
    /** Millimetres of paper, or drawing units for model space and storey plans. */
    width: z.number(),
    height: z.number(),
    units: z.enum(['mm', 'cm', 'm', 'in', 'ft', 'pt', 'unitless']),
    layers: z.array(sheetLayerSchema),
    content: z.enum(['pdf', 'vector']),
    /**
     * Signed, versioned URLs that work without the bearer token (like the model's
     * `viewable_url`): the content (`source.pdf` for PDF pages, the vector JSON otherwise),
     * the page's text runs (PDF only, else null) and the raster preview.
     */
    content_url: z.string(),
    text_url: z.string().nullable(),
    preview_url: z.string(),
    pdf_page: z.number().int().positive().nullable(),
    storey: z
      .object({ global_id: z.string(), elevation: z.number(), cut_height: z.number() })
      .nullable(),
  })
  .meta({ id: 'Sheet' });
export type Sheet = z.infer<typeof sheetSchema>;

export const sheetListSchema = z.array(sheetSchema);

export const sheetParamsSchema = z.object({
  id: z.uuid({ error: 'validation.invalid' }),
  sheetId: z.string().regex(/^[A-Za-z0-9_$-]{1,64}$/, { error: 'validation.invalid' }),
});

export const sheetPreviewQuerySchema = z.object({
  width: z.coerce
    .number()
    .int()
    .min(16)
    .max(SHEET_PREVIEW_MAX_WIDTH)
    .default(SHEET_PREVIEW_DEFAULT_WIDTH),
});

/** `GET /api/models/{id}/plans`: the storey plans of an IFC model. */
export const storeyPlanSchema = z
  .object({
    storeyId: z.string(),
    name: z.string(),
    elevation: z.number(),
    sheetId: z.string(),
  })
  .meta({ id: 'StoreyPlan' });
export const storeyPlanListSchema = z.array(storeyPlanSchema);
export type StoreyPlan = z.infer<typeof storeyPlanSchema>;
