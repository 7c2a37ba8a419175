import { z } from 'zod';
import {
  modelFailureCodeSchema,
  modelStageSchema,
  modelStatusSchema,
} from './live/model-events.ts';
import { modelCreatorSchema, modelFormatSchema } from './models.ts';

/**
 * Model versions (issue 18): uploading a file onto an existing model (tus metadata `modelId`)
 * adds version n+1. The model keeps its id; it shows its current version, which is the newest
 * ready one once a new version is processed, or the one last made current.
 */

const VERSION_MESSAGE_MAX_LENGTH = 500;

export const modelVersionSchema = z
  .object({
    id: z.uuid(),
    model_id: z.uuid(),
    /** 1, 2, ... in upload order. */
    number: z.number().int().min(1),
    /** What changed (free text, may be empty). */
    message: z.string(),
    /** Who uploaded it; null when their account was deleted. */
    creator: modelCreatorSchema.nullable(),
    created_at: z.string(),
    /** Bytes of the uploaded file. */
    size: z.number().int().nonnegative(),
    original_filename: z.string(),
    format: modelFormatSchema.nullable(),
    status: modelStatusSchema,
    progress: z.number().int().min(0).max(100),
    stage: modelStageSchema.nullable(),
    failure: z.object({ code: modelFailureCodeSchema, message: z.string() }).nullable(),
    /** Whether the model shows this version. */
    current: z.boolean(),
    /** Signed URLs of this version's files (as on Model); null until it is ready. */
    thumbnail_url: z.string().nullable(),
    viewable_url: z.string().nullable(),
    metadata_url: z.string().nullable(),
    /** The uploaded file (needs the bearer token). */
    original_url: z.string(),
    converted_at: z.string().nullable(),
  })
  .meta({ id: 'ModelVersion' });
export type ModelVersion = z.infer<typeof modelVersionSchema>;

/** Newest first. */
export const modelVersionListSchema = z.array(modelVersionSchema);

export const modelVersionParamsSchema = z.object({
  id: z.uuid({ error: 'validation.invalid' }),
  versionId: z.uuid({ error: 'validation.invalid' }),
});

export const versionMessageSchema = z
  .string()
  .trim()
  .max(VERSION_MESSAGE_MAX_LENGTH, { error: 'validation.versionMessageTooLong' });

export const updateModelVersionBodySchema = z.object({ message: versionMessageSchema });
export type UpdateModelVersionBody = z.input<typeof updateModelVersionBodySchema>;
