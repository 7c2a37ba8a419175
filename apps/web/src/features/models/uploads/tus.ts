import {
  isErrorCode,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_METADATA_KEYS,
  UPLOADS_PATH,
} from '@truss/contracts';
import {
  DetailedError,
  Upload,
  type HttpRequest,
  type HttpResponse,
  type UploadOptions,
} from 'tus-js-client';
import { http } from '../../../lib/api';
import { authStore } from '../../../lib/auth-store';
import { newRequestId } from '../../../lib/http';
import { getLocale } from '../../../lib/locale';
import type { TransportCallbacks, UploadFailure, UploadItem, UploadTransport } from './queue';
import { TrussUrlStorage, uploadFingerprint } from './url-storage';
import { reportLimit } from '../../../lib/limit-prompt';

/** After a dropped connection: try again at once, then after 1, 3, 5, 10, 20, 30 and 60 s. */
const UPLOAD_RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];
/** Bytes per PATCH (shared with bench:upload, which measures this very size). */
export { UPLOAD_CHUNK_BYTES };
/** The response header that names the model a finished upload became. */
const MODEL_ID_HEADER = 'Truss-Model-Id';

export const urlStorage = new TrussUrlStorage();

function endpoint(): string {
  return typeof location === 'undefined' ? UPLOADS_PATH : `${location.origin}${UPLOADS_PATH}`;
}

/** A 401 during an upload: one token refresh shared by every upload that hit it. */
let refreshing: Promise<void> | null = null;

function refreshOnce(): void {
  refreshing ??= http
    .refresh()
    .catch(() => undefined)
    .finally(() => {
      refreshing = null;
    });
}

/**
 * Every tus request carries a fresh bearer token (the app's token lifecycle: refresh when
 * expired, wait for a refresh that is running), the language and a request id.
 */
async function authorizeRequest(req: HttpRequest): Promise<void> {
  if (refreshing) await refreshing;
  await http.ensureFreshToken();
  const { token, isAuthenticated } = authStore.getState();
  if (token && isAuthenticated) req.setHeader('Authorization', `Bearer ${token}`);
  req.setHeader('Accept-Language', getLocale());
  req.setHeader('X-Request-Id', newRequestId());
}

/**
 * A resume HEAD answered "not now" (5xx, 429, 408, 401), not "gone". tus-js-client takes every
 * failed HEAD but 423 for a vanished upload and starts the file over (a new POST: the accepted
 * bytes sent again, the cut-off upload orphaned); thrown from `onAfterResponse`, this answer
 * becomes a request error instead, which goes through `onShouldRetry` and its back-off.
 */
class ResumeNotNowError extends Error {
  constructor(readonly response: HttpResponse) {
    super(`tus: the upload could not be looked up now (${response.getStatus()})`);
    this.name = 'ResumeNotNowError';
  }
}

/** Whether a resume HEAD's status says the upload may well still be there. */
function resumeStatusIsTransient(status: number): boolean {
  return status >= 500 || status === 429 || status === 408 || status === 401;
}

/** `onAfterResponse`: only 404, 410 and the other refusals of a HEAD mean the upload is gone. */
export function holdTransientResume(req: HttpRequest, res: HttpResponse): void {
  if (req.getMethod() === 'HEAD' && resumeStatusIsTransient(res.getStatus())) {
    throw new ResumeNotNowError(res);
  }
}

/** The answer behind a tus error: its own, or that of a resume HEAD held back as transient. */
function responseOf(error: Error | DetailedError): HttpResponse | null {
  if (!(error instanceof DetailedError)) return null;
  if (error.originalResponse) return error.originalResponse;
  return error.causingError instanceof ResumeNotNowError ? error.causingError.response : null;
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds from `now`; 0 without one. */
export function retryAfterMs(response: HttpResponse | null, now = Date.now()): number {
  const value = response?.getHeader('Retry-After')?.trim();
  if (!value) return 0;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/** The longest a Retry-After holds an upload back (a wrong header must not stall it). */
const MAX_RETRY_AFTER_MS = 60_000;

function responseBody(response: HttpResponse): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(response.getBody() ?? '');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const NOT_RETRYABLE = new Set([
  'UNSUPPORTED_FORMAT',
  'STORAGE_LIMIT_EXCEEDED',
  'MODEL_LIMIT_EXCEEDED',
  'PROJECT_NOT_FOUND',
  'VALIDATION_ERROR',
  'FORBIDDEN',
]);

/** What a tus error means for the person uploading. */
export function uploadFailure(error: Error | DetailedError): UploadFailure {
  const response = responseOf(error);
  const status = response?.getStatus() ?? 0;
  if (!response || status === 0) {
    return { code: 'UPLOAD_FAILED', serverMessage: null, network: true, retryable: true };
  }
  const body = responseBody(response);
  const code =
    typeof body.code === 'string' && isErrorCode(body.code)
      ? body.code
      : status === 415
        ? 'UNSUPPORTED_FORMAT'
        : status === 429
          ? 'TOO_MANY_UPLOADS'
          : 'UPLOAD_FAILED';
  const serverMessage = typeof body.statusMessage === 'string' ? body.statusMessage : null;
  return {
    code,
    serverMessage,
    network: false,
    retryable: !NOT_RETRYABLE.has(code) && status !== 413,
  };
}

/**
 * Retry what a retry can fix: no answer at all, 5xx, 409/423 (offset mismatch, locked), a 401
 * after refreshing the token, and any "not now" of a resume HEAD (a 429 there too: the upload is
 * still there). Everything else (415 format, 429 too many uploads, 413 storage) is final and
 * shown.
 */
export function shouldRetryUpload(error: DetailedError, attempt: number): boolean {
  const status = responseOf(error)?.getStatus() ?? 0;
  if (error.causingError instanceof ResumeNotNowError && status !== 401) return true;
  if (status === 401) {
    if (attempt >= 2) return false;
    refreshOnce();
    return true;
  }
  if (status === 0) return typeof navigator === 'undefined' || navigator.onLine !== false;
  return status >= 500 || status === 409 || status === 423;
}

export function modelIdFrom(
  header: string | undefined | null,
  uploadUrl: string | null,
): string | null {
  if (header) return header;
  const last = uploadUrl?.split('/').filter(Boolean).pop();
  return last && /^[0-9a-f-]{36}$/i.test(last) ? last : null;
}

/**
 * The real transport: tus 1.0 to /api/uploads with resumption. The fingerprint ties a file to the
 * user and project, so choosing the same file again (even after a reload) continues the upload.
 * `transport` swaps tus's HTTP stack, file reader and back-off (tests).
 */
export function createTusTransport(
  userId: string,
  transport: Pick<UploadOptions, 'httpStack' | 'fileReader' | 'retryDelays'> = {},
) {
  return (item: UploadItem, cb: TransportCallbacks): UploadTransport => {
    let upload: Upload | null = null;
    let aborted = false;
    let reportedUrl: string | null = null;
    /** Not before this time (a Retry-After): tus's own back-off may be shorter. */
    let notBefore = 0;
    const options: UploadOptions = {
      endpoint: endpoint(),
      metadata: {
        [UPLOAD_METADATA_KEYS.projectId]: item.projectId,
        [UPLOAD_METADATA_KEYS.filename]: item.file.name,
        ...(item.modelName ? { [UPLOAD_METADATA_KEYS.modelName]: item.modelName } : {}),
        ...(item.versionOf ? { [UPLOAD_METADATA_KEYS.modelId]: item.versionOf } : {}),
      },
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: UPLOAD_RETRY_DELAYS,
      ...transport,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      urlStorage,
      // A new version resumes only as a version of the same model.
      fingerprint: (file: File) =>
        Promise.resolve(
          uploadFingerprint(
            userId,
            item.versionOf ? `${item.projectId}/${item.versionOf}` : item.projectId,
            file,
          ),
        ),
      onBeforeRequest: async (req) => {
        const wait = notBefore - Date.now();
        if (wait > 0 && !aborted) await new Promise((resolve) => setTimeout(resolve, wait));
        await authorizeRequest(req);
      },
      onAfterResponse: holdTransientResume,
      onShouldRetry: (error, attempt) => {
        const retry = shouldRetryUpload(error, attempt);
        if (retry) {
          const wait = Math.min(retryAfterMs(responseOf(error)), MAX_RETRY_AFTER_MS);
          notBefore = wait > 0 ? Date.now() + wait : 0;
          cb.onReconnecting();
        }
        return retry;
      },
      onUploadUrlAvailable: () => {
        if (upload?.url && upload.url !== reportedUrl) {
          reportedUrl = upload.url;
          cb.onUrl(upload.url);
        }
      },
      onProgress: (sent, total) => cb.onProgress(sent, total),
      onSuccess: ({ lastResponse }) => {
        const id = modelIdFrom(lastResponse.getHeader(MODEL_ID_HEADER), upload?.url ?? null);
        if (id) cb.onSuccess(id);
        else
          cb.onError({
            code: 'MERGE_FAILED',
            serverMessage: null,
            network: false,
            retryable: true,
          });
      },
      onError: (error) => {
        const failure = uploadFailure(error);
        // A final refusal: the stored URL is of no use any more.
        if (!failure.retryable && upload?.url) urlStorage.removeByUploadUrl(upload.url);
        reportLimit(failure.code);
        cb.onError(failure);
      },
    };
    return {
      start() {
        upload = new Upload(item.file, options);
        const current = upload;
        void current
          .findPreviousUploads()
          .then((previous) => {
            if (aborted) return;
            const latest = [...previous].sort((a, b) =>
              b.creationTime.localeCompare(a.creationTime),
            )[0];
            if (latest) {
              current.resumeFromPreviousUpload(latest);
              cb.onResumed();
            }
            current.start();
          })
          .catch(() => {
            if (!aborted) current.start();
          });
      },
      async abort(terminate: boolean) {
        aborted = true;
        const current = upload;
        if (!current) return;
        const url = current.url;
        try {
          await current.abort(terminate);
        } finally {
          if (terminate && url) urlStorage.removeByUploadUrl(url);
        }
      },
    };
  };
}

/** Deletes an unfinished upload of an earlier visit on the server and forgets it here. */
export async function discardUpload(uploadUrl: string): Promise<void> {
  try {
    await Upload.terminate(uploadUrl, {
      onBeforeRequest: authorizeRequest,
      retryDelays: [0, 1000],
    });
  } catch {
    // Already gone (404) or offline: the server purges unfinished uploads after 24 h anyway.
  }
  urlStorage.removeByUploadUrl(uploadUrl);
}
