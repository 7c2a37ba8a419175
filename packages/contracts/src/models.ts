import { z } from 'zod';
import {
  modelFailureCodeSchema,
  modelStageSchema,
  modelStatusSchema,
} from './live/model-events.ts';
import { MODEL_NAME_MAX_LENGTH } from './upload-rules.ts';

/**
 * Models: a file uploaded into a project and converted into the viewable (one glTF 2.0 .glb,
 * metadata.json, thumbnail.png). Spec §3 "Model": name, size, creator, URN, processing status.
 */

/** Format detected from the content (the converter's names), null until known. */
export const modelFormatSchema = z.string();

export const modelCreatorSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  name: z.string().nullable(),
});

export const modelSchema = z
  .object({
    id: z.uuid(),
    project_id: z.uuid(),
    name: z.string(),
    /** Bytes of the uploaded file (what counts against the plan's storage). */
    size: z.number().int().nonnegative(),
    format: modelFormatSchema.nullable(),
    /** null when the uploader's account was deleted. */
    creator: modelCreatorSchema.nullable(),
    status: modelStatusSchema,
    /** 0..100 over the whole conversion; 100 when ready. */
    progress: z.number().int().min(0).max(100),
    stage: modelStageSchema.nullable(),
    failure: z.object({ code: modelFailureCodeSchema, message: z.string() }).nullable(),
    /**
     * Versioned (`?v=<content hash>`), signed URLs that work without the bearer token (for
     * `<img src>` and the viewer) until `exp`; null until the model is ready.
     */
    thumbnail_url: z.string().nullable(),
    viewable_url: z.string().nullable(),
    metadata_url: z.string().nullable(),
    /** The uploaded file (needs the bearer token). */
    original_url: z.string(),
    /** Stable identifier: `urn:truss:model:<id>`. */
    urn: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    /** Set while the model is in the trash. */
    deleted_at: z.string().nullable(),
    /** The version the model shows (its files above are that version's). */
    current_version: z.object({ id: z.uuid(), number: z.number().int().min(1) }).nullable(),
    /** How many versions the model has. */
    version_count: z.number().int().nonnegative(),
  })
  .meta({ id: 'Model' });
export type Model = z.infer<typeof modelSchema>;

export const modelListSchema = z.array(modelSchema);

export function modelUrn(id: string): string {
  return `urn:truss:model:${id}`;
}

const modelSortSchema = z.enum(['updated_at', 'created_at', 'name', 'size']);
const sortOrderSchema = z.enum(['asc', 'desc']);

export const modelListQuerySchema = z.object({
  /** true: the project's trash; otherwise the live models. */
  trashed: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  sort: modelSortSchema.default('updated_at'),
  order: sortOrderSchema.default('desc'),
  /** Case-insensitive substring of the name. */
  search: z.string().trim().max(200).optional(),
});
export type ModelListParams = z.output<typeof modelListQuerySchema>;

export const modelIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

const modelNameSchema = z
  .string({ error: 'validation.modelNameRequired' })
  .trim()
  .min(1, { error: 'validation.modelNameRequired' })
  .max(MODEL_NAME_MAX_LENGTH, { error: 'validation.modelNameTooLong' });

export const renameModelBodySchema = z.object({ name: modelNameSchema });
export type RenameModelBody = z.input<typeof renameModelBodySchema>;

export const moveModelBodySchema = z.object({
  projectId: z.uuid({ error: 'validation.invalid' }),
});

/**
 * Stored bytes of one project: uploaded originals (trash included; what counts against the
 * owner's plan) and the viewables made from them.
 */
export const projectStorageSchema = z
  .object({
    project_id: z.uuid(),
    models: z.number().int(),
    trashed: z.number().int(),
    original_bytes: z.number().int(),
    derived_bytes: z.number().int(),
  })
  .meta({ id: 'ProjectStorage' });
export type ProjectStorage = z.infer<typeof projectStorageSchema>;

/** `?v=` (content hash) and, for URLs used without the bearer token, `exp` + `sig`. */
export const modelFileQuerySchema = z.object({
  v: z.string().max(128).optional(),
  /** The user a signed URL was made for. */
  u: z.uuid().optional(),
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(128).optional(),
});
