import { z } from 'zod';

/**
 * Models: a file uploaded into a project and converted into the viewable (one glTF 2.0 .glb,
 * metadata.json, thumbnail.png). Spec §3 "Model": name, size, creator, URN, processing status.
 */

/** At most this many unfinished uploads per user at once (spec §9 "Maximum 3 Files Allowed"). */
export const MAX_CONCURRENT_UPLOADS = 3;
/** Unfinished uploads are purged this long after they were created. */
export const UPLOAD_EXPIRY_HOURS = 24;
/** The tus endpoint (creation, resumption with HEAD/PATCH, termination with DELETE). */
export const UPLOADS_PATH = '/api/uploads';
/**
 * Bytes per PATCH of the web client: under the 100 MB body limit of common proxies, big enough
 * that the per-request work (auth, lock, bookkeeping, a round trip with nothing in flight)
 * stays a small share of the transfer. At 16 MiB a 1 GB upload made 64 PATCHes and ran at
 * 0.43-0.48x a raw loopback copy on a loaded 2-core box; at 64 MiB (16 PATCHes) 0.77x
 * (`bench:upload`). A PATCH cut short loses nothing: the server keeps what it received and
 * the client resumes from the offset a HEAD reports.
 */
export const UPLOAD_CHUNK_BYTES = 64 * 1024 * 1024;
/**
 * tus Upload-Metadata keys (values base64 as the tus protocol says): `projectId` and `filename`
 * are required; `modelName` names the model when not the file (a browser-made zip); `modelId`
 * makes the upload a new version of that model (then `projectId` must be the model's project)
 * and `message` is the version's message.
 */
export const UPLOAD_METADATA_KEYS = {
  projectId: 'projectId',
  filename: 'filename',
  modelName: 'modelName',
  modelId: 'modelId',
  message: 'message',
} as const;

export const MODEL_NAME_MAX_LENGTH = 255;

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
  'MODEL_TOO_LARGE',
  'CONVERSION_TIMEOUT',
  'CONVERSION_OUT_OF_MEMORY',
  'CONVERSION_FAILED',
]);
export type ModelFailureCode = z.infer<typeof modelFailureCodeSchema>;

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

export const modelSortSchema = z.enum(['updated_at', 'created_at', 'name', 'size']);
export const sortOrderSchema = z.enum(['asc', 'desc']);

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
export type ModelListQuery = z.input<typeof modelListQuerySchema>;
export type ModelListParams = z.output<typeof modelListQuerySchema>;

export const modelIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

export const modelNameSchema = z
  .string({ error: 'validation.modelNameRequired' })
  .trim()
  .min(1, { error: 'validation.modelNameRequired' })
  .max(MODEL_NAME_MAX_LENGTH, { error: 'validation.modelNameTooLong' });

export const renameModelBodySchema = z.object({ name: modelNameSchema });
export type RenameModelBody = z.input<typeof renameModelBodySchema>;

export const moveModelBodySchema = z.object({
  projectId: z.uuid({ error: 'validation.invalid' }),
});
export type MoveModelBody = z.input<typeof moveModelBodySchema>;

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
