import { UPLOAD_EXPIRY_HOURS, UPLOAD_METADATA_KEYS } from '@truss/contracts';
import type { PreviousUpload, UrlStorage } from 'tus-js-client';

/** localStorage keys of unfinished uploads: `truss.upload::<fingerprint>::<random>`. */
export const URL_STORAGE_PREFIX = 'truss.upload::';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * A file's fingerprint: who uploads it, into which project, and the file itself (name, size,
 * modification time). Choosing the same file again for the same project finds the upload to
 * resume; another person signed in on this browser never sees it.
 */
export function uploadFingerprint(
  userId: string,
  projectId: string,
  file: Pick<File, 'name' | 'size' | 'lastModified'>,
): string {
  return [userId, projectId, encodeURIComponent(file.name), file.size, file.lastModified].join('|');
}

/** tus-js-client's URL storage, under our own prefix (so entries can be listed per user). */
export class TrussUrlStorage implements UrlStorage {
  constructor(private readonly store: () => Storage | null = storage) {}

  #entries(prefix: string): PreviousUpload[] {
    const s = this.store();
    if (!s) return [];
    const out: PreviousUpload[] = [];
    for (let i = 0; i < s.length; i += 1) {
      const key = s.key(i);
      if (!key?.startsWith(prefix)) continue;
      try {
        const upload = JSON.parse(s.getItem(key) ?? '') as PreviousUpload;
        out.push({ ...upload, urlStorageKey: key });
      } catch {
        // a damaged entry must not stop an upload
      }
    }
    return out;
  }

  findAllUploads(): Promise<PreviousUpload[]> {
    return Promise.resolve(this.#entries(URL_STORAGE_PREFIX));
  }

  findUploadsByFingerprint(fingerprint: string): Promise<PreviousUpload[]> {
    return Promise.resolve(this.#entries(`${URL_STORAGE_PREFIX}${fingerprint}::`));
  }

  removeUpload(urlStorageKey: string): Promise<void> {
    this.store()?.removeItem(urlStorageKey);
    return Promise.resolve();
  }

  addUpload(fingerprint: string, upload: PreviousUpload): Promise<string> {
    const key = `${URL_STORAGE_PREFIX}${fingerprint}::${Math.round(Math.random() * 1e12)}`;
    try {
      this.store()?.setItem(key, JSON.stringify(upload));
    } catch {
      // full or private mode: this upload just cannot be resumed after a reload
    }
    return Promise.resolve(key);
  }

  /** Forgets every entry of this upload URL (the upload finished, failed for good or was cancelled). */
  removeByUploadUrl(uploadUrl: string): void {
    for (const entry of this.#entries(URL_STORAGE_PREFIX)) {
      if (entry.uploadUrl === uploadUrl) this.store()?.removeItem(entry.urlStorageKey);
    }
  }
}

/** An upload of an earlier visit that did not finish: choose the same file again to resume it. */
export interface UnfinishedUpload {
  key: string;
  uploadUrl: string;
  projectId: string;
  filename: string;
  size: number;
  createdAt: string;
}

/**
 * The signed-in user's unfinished uploads found in storage, newest first. Entries past the
 * server's 24 h expiry (or damaged) are removed.
 */
export function unfinishedUploads(
  urlStorage: TrussUrlStorage,
  userId: string,
  entries: PreviousUpload[],
  now: number = Date.now(),
): UnfinishedUpload[] {
  const out: UnfinishedUpload[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const fingerprint = entry.urlStorageKey.slice(URL_STORAGE_PREFIX.length);
    if (!fingerprint.startsWith(`${userId}|`)) continue;
    const created = Date.parse(entry.creationTime);
    const projectId = entry.metadata?.[UPLOAD_METADATA_KEYS.projectId];
    const filename = entry.metadata?.[UPLOAD_METADATA_KEYS.filename];
    const expired = !Number.isFinite(created) || now - created > UPLOAD_EXPIRY_HOURS * 3600_000;
    if (expired || !entry.uploadUrl || !projectId || !filename) {
      void urlStorage.removeUpload(entry.urlStorageKey);
      continue;
    }
    if (seen.has(entry.uploadUrl)) continue;
    seen.add(entry.uploadUrl);
    out.push({
      key: entry.urlStorageKey,
      uploadUrl: entry.uploadUrl,
      projectId,
      filename,
      size: entry.size ?? 0,
      createdAt: entry.creationTime,
    });
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
