import type { UploadFailure, UploadItem } from './queue';

/**
 * Uploads the server refused (format, plan limit, ...) kept across reloads, per user: without
 * it a rejected file's row, and the reason, vanished on the next page load while the user
 * still wondered where the model was. Retryable failures are not kept: tus storage resumes
 * those. A row goes when dismissed; at most `REJECTED_MAX` are kept, none older than a week.
 */
export const REJECTED_MAX = 20;
export const REJECTED_TTL_MS = 7 * 24 * 3600_000;
const KEY_PREFIX = 'truss.uploads.rejected::';

interface StoredRejection {
  id: string;
  name: string;
  size: number;
  projectId: string;
  versionOf: string | null;
  failure: UploadFailure;
  addedAt: number;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isRejection = (item: UploadItem) =>
  item.state === 'error' && !!item.failure && !item.failure.retryable && !item.failure.network;

/**
 * What was last written per storage and key: the queue calls saveRejected on every change,
 * progress ticks included, and its refused rows rarely change, so most calls write nothing.
 */
const lastWritten = new WeakMap<KeyValueStorage, Map<string, string | null>>();

/** Keeps the user's refused uploads of `items` (the queue's whole list). */
export function saveRejected(
  storage: KeyValueStorage,
  userId: string,
  items: readonly UploadItem[],
): void {
  const kept: StoredRejection[] = items
    .filter(isRejection)
    .slice(0, REJECTED_MAX)
    .map(({ id, name, size, projectId, versionOf, failure, addedAt }) => ({
      id,
      name,
      size,
      projectId,
      versionOf,
      failure: failure!,
      addedAt,
    }));
  const key = KEY_PREFIX + userId;
  const value = kept.length === 0 ? null : JSON.stringify(kept);
  const written = lastWritten.get(storage) ?? new Map<string, string | null>();
  if (written.has(key) && written.get(key) === value) return;
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    written.set(key, value);
    lastWritten.set(storage, written);
  } catch (error) {
    console.warn('[uploads] refused uploads could not be kept', error);
  }
}

/** The user's refused uploads of earlier visits, as failed queue items. */
export function loadRejected(storage: KeyValueStorage, userId: string, now: number): UploadItem[] {
  let stored: StoredRejection[];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY_PREFIX + userId) ?? '[]');
    stored = Array.isArray(parsed) ? (parsed as StoredRejection[]) : [];
  } catch {
    return [];
  }
  return stored
    .filter((r) => typeof r?.id === 'string' && now - r.addedAt < REJECTED_TTL_MS)
    .map((r) => ({
      id: r.id,
      // The bytes are not kept: an empty stand-in (it is never sent again).
      file: new File([], r.name),
      name: r.name,
      modelName: null,
      size: r.size,
      projectId: r.projectId,
      versionOf: r.versionOf,
      state: 'error',
      progress: null,
      bytesSent: 0,
      reconnecting: false,
      resumed: false,
      failure: { ...r.failure, retryable: false },
      modelId: null,
      uploadUrl: null,
      addedAt: r.addedAt,
    }));
}
