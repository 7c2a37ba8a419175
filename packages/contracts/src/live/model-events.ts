import { z } from 'zod';

/**
 * A model's status, stage and failure, and the live events that carry them: what a signed-in
 * page's event stream checks, kept apart from the other model schemas so that it loads few.
 */

export const modelStatusSchema = z.enum(['uploading', 'queued', 'processing', 'ready', 'failed']);
export type ModelStatus = z.infer<typeof modelStatusSchema>;

/**
 * What a processing model is doing: `download` (fetching the original for the worker), the
 * converter's stages, then `store` (writing the viewable).
 */
export const modelStageSchema = z.enum([
  'download',
  'detect',
  'parse',
  'geometry',
  'optimize',
  'write',
  'thumbnail',
  'store',
]);
export type ModelStage = z.infer<typeof modelStageSchema>;

/** Why a model failed; each code has a text in both locales in the message catalogue. */
export const modelFailureCodeSchema = z.enum([
  'UNSUPPORTED_FORMAT',
  'EMPTY_FILE',
  'MALFORMED_FILE',
  'NO_GEOMETRY',
  'DRAWING_DAMAGED',
  'NO_PAGES',
  'NO_ENTITIES',
  'MODEL_TOO_LARGE',
  'CONVERSION_TIMEOUT',
  'CONVERSION_OUT_OF_MEMORY',
  'CONVERSION_FAILED',
]);
export type ModelFailureCode = z.infer<typeof modelFailureCodeSchema>;

/** The `data` of `model.status` events (`projectId` is on the event). */
export const modelStatusEventSchema = z.object({
  modelId: z.uuid(),
  /** The version whose change this is (absent from servers before versions). */
  versionId: z.uuid().optional(),
  status: modelStatusSchema,
  progress: z.number().int().min(0).max(100),
  stage: modelStageSchema.nullable(),
  failure: z.object({ code: modelFailureCodeSchema, message: z.string() }).nullable(),
});
export type ModelStatusEvent = z.infer<typeof modelStatusEventSchema>;

/** The `data` of `model.progress` events. */
export const modelProgressEventSchema = z.object({
  modelId: z.uuid(),
  /** The version being converted: not the model's current one while a new version processes. */
  versionId: z.uuid().optional(),
  progress: z.number().int().min(0).max(100),
  stage: modelStageSchema,
});
export type ModelProgressEvent = z.infer<typeof modelProgressEventSchema>;
