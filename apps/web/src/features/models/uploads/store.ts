import { useSyncExternalStore } from 'react';
import { authStore } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { projectsKey } from '../../projects/api';
import { insertModel, modelQuery } from '../api';
import { UploadQueue, type UploadItem } from './queue';
import { createTusTransport, urlStorage } from './tus';
import { unfinishedUploads, type UnfinishedUpload } from './url-storage';

/** Who is uploading (set from the signed-in profile); the tus fingerprint includes it. */
let uploaderId: string | null = null;

export function setUploader(userId: string | null): void {
  if (uploaderId && userId !== uploaderId) uploadQueue.reset();
  uploaderId = userId;
  refreshUnfinished();
}

export function currentUploader(): string | null {
  return uploaderId;
}

/**
 * The tab's one upload queue. It outlives pages and dialogs: an upload keeps going while the
 * person looks at another project, and the list shows it wherever it belongs.
 */
export const uploadQueue = new UploadQueue({
  createTransport: (item, callbacks) => createTusTransport(uploaderId ?? '')(item, callbacks),
  beforeComplete: async (_item, modelId) => {
    try {
      const model = await queryClient.fetchQuery({ ...modelQuery(modelId), staleTime: 0 });
      insertModel(queryClient, model);
    } finally {
      void queryClient.invalidateQueries({ queryKey: projectsKey, exact: true });
      refreshUnfinished();
    }
  },
});

export function useUploads(): readonly UploadItem[] {
  return useSyncExternalStore(
    uploadQueue.subscribe,
    uploadQueue.getSnapshot,
    uploadQueue.getSnapshot,
  );
}

/* ---------- unfinished uploads of earlier visits (resume after a reload) ---------- */

let unfinished: UnfinishedUpload[] = [];
const unfinishedListeners = new Set<() => void>();

/** Re-reads tus storage: the user's unfinished uploads that this tab is not running now. */
export function refreshUnfinished(): void {
  void urlStorage.findAllUploads().then((entries) => {
    const running = new Set(
      uploadQueue
        .getSnapshot()
        .filter((i) => i.state === 'uploading' && i.uploadUrl)
        .map((i) => i.uploadUrl),
    );
    const next = uploaderId
      ? unfinishedUploads(urlStorage, uploaderId, entries).filter((u) => !running.has(u.uploadUrl))
      : [];
    if (JSON.stringify(next) === JSON.stringify(unfinished)) return;
    unfinished = next;
    for (const listener of unfinishedListeners) listener();
  });
}

export function useUnfinishedUploads(): UnfinishedUpload[] {
  return useSyncExternalStore(
    (listener) => {
      unfinishedListeners.add(listener);
      return () => unfinishedListeners.delete(listener);
    },
    () => unfinished,
    () => unfinished,
  );
}

/* ---------- the tab's lifecycle ---------- */

if (typeof window !== 'undefined') {
  // Signed out (here or by a failed refresh): stop every transfer; the server keeps them.
  authStore.subscribe(() => {
    if (!authStore.getState().isAuthenticated && uploadQueue.getSnapshot().length > 0) {
      uploadQueue.reset();
    }
  });
  // Back online: uploads that stopped for lack of a network continue where they were.
  window.addEventListener('online', () => uploadQueue.retryNetworkFailures());
  // Leaving the page while uploading: the browser asks first (a reload can resume later).
  window.addEventListener('beforeunload', (event) => {
    if (uploadQueue.activeCount() > 0) event.preventDefault();
  });
  // Running uploads leave the "unfinished" list; stopped ones may come back to it.
  let signature = '';
  uploadQueue.subscribe(() => {
    const next = uploadQueue
      .getSnapshot()
      .map((i) => `${i.id}:${i.state}:${i.uploadUrl ?? ''}`)
      .join();
    if (next === signature) return;
    signature = next;
    refreshUnfinished();
  });
}
