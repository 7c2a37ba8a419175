import { z } from 'zod';
import { SAVED_VIEW_STATE_MAX } from './saved-view-rules.ts';

/**
 * Saved views: named views of a model (camera, sections, visibility, selection, colours) that a
 * project's members save, rename and delete, and that share visitors of the model see. The view
 * itself travels in the viewer's compact link form (the `vp` query parameter of a model page:
 * base64url of its compact JSON), so a saved view and a link carry the same thing.
 */

const SAVED_VIEW_NAME_MAX = 120;
/** A thumbnail (PNG/JPEG, a small picture of the view), as a data URL. */
export const SAVED_VIEW_THUMBNAIL_MAX = 200_000;
/** Saved views one model may hold. */
export const SAVED_VIEWS_PER_MODEL = 200;
/** Further models a saved (federated) view may show beside its own. */
const SAVED_VIEW_MODELS_MAX = 9;

const viewName = z
  .string({ error: 'validation.invalid' })
  .max(SAVED_VIEW_NAME_MAX, { error: 'validation.textTooLong' })
  .refine((value) => !value.includes('\u0000'), { error: 'validation.invalid' })
  .transform((value) => value.trim())
  .refine((value) => value.length > 0, { error: 'validation.invalid' });

const savedViewStateSchema = z
  .string({ error: 'validation.invalid' })
  .min(1, { error: 'validation.invalid' })
  .max(SAVED_VIEW_STATE_MAX, { error: 'validation.invalid' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.invalid' });

const savedViewThumbnailSchema = z
  .string({ error: 'validation.invalid' })
  .max(SAVED_VIEW_THUMBNAIL_MAX, { error: 'validation.invalid' })
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/, { error: 'validation.invalid' });

export const savedViewSchema = z.object({
  id: z.uuid(),
  model_id: z.uuid(),
  name: z.string(),
  /** The view in the model page's `vp` form. */
  state: z.string(),
  /**
   * Further models of the project shown with the view's model, in load order after it (a
   * federated view, /project/{id}/view?models=model_id,...); [] for a view of one model.
   */
  model_ids: z.array(z.uuid()),
  /** A data URL, or null when none was saved. */
  thumbnail: z.string().nullable(),
  created_by: z.uuid().nullable(),
  author_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListSchema = z.array(savedViewSchema);

export const createSavedViewBodySchema = z.object({
  name: viewName,
  state: savedViewStateSchema,
  thumbnail: savedViewThumbnailSchema.nullable().optional(),
  /** Further models of the same project (ready, not in the trash), none twice. */
  model_ids: z
    .array(z.uuid({ error: 'validation.invalid' }), { error: 'validation.invalid' })
    .max(SAVED_VIEW_MODELS_MAX, { error: 'validation.invalid' })
    .optional(),
});
export type CreateSavedViewBody = z.infer<typeof createSavedViewBodySchema>;

export const renameSavedViewBodySchema = z.object({ name: viewName });

export const savedViewParamsSchema = z.object({
  id: z.uuid({ error: 'validation.invalid' }),
  viewId: z.uuid({ error: 'validation.invalid' }),
});
