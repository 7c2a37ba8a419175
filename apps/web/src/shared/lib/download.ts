import { http } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import { ApiError, newRequestId, toApiError } from '../../lib/http';
import { getLocale } from '../../lib/locale';

/** The file name in a Content-Disposition header (RFC 6266 `filename*` first). */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || null;
}

/**
 * Downloads `url` with the bearer token (a plain link cannot send it): the file is fetched,
 * then handed to the browser under the server's Content-Disposition name (or `fallbackName`).
 * A refusal becomes an ApiError with the server's code and message.
 */
export async function downloadWithToken(
  url: string,
  fallbackName: string,
  /** A POST with a JSON body (an export of a query) instead of a GET. */
  post?: { method: 'POST'; body: unknown },
): Promise<void> {
  await http.ensureFreshToken();
  const { token } = authStore.getState();
  let response: Response;
  try {
    response = await fetch(url, {
      ...(post ? { method: 'POST', body: JSON.stringify(post.body) } : {}),
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(post ? { 'Content-Type': 'application/json' } : {}),
        'Accept-Language': getLocale(),
        'X-Request-Id': newRequestId(),
      },
    });
  } catch (error) {
    throw toApiError(error);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    throw new ApiError({
      statusCode: response.status,
      statusMessage: typeof body.statusMessage === 'string' ? body.statusMessage : '',
      message: typeof body.message === 'string' ? body.message : response.statusText,
      code: typeof body.code === 'string' ? body.code : 'UNKNOWN',
    });
  }
  const name = dispositionFilename(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), name);
}

/** Hands a blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
