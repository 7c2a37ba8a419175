/** Upload and model-name facts without schemas (no zod: see plan-rules.ts). */

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
