import { useSyncExternalStore } from 'react';
import { authStore } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { projectsKey } from '../../projects';
import { insertModel, modelQuery } from '../api';
import { UploadQueue, type UploadItem } from './queue';
import { createTusTransport, urlStorage } from './tus';
import { loadRejected, saveRejected } from './rejected-storage';
import { unfinishedUploads, type UnfinishedUpload } from './url-storage';

/** Who is uploading: the signed-in profile (the tus fingerprint includes it). */
function currentUploader(): string | null {
  const { isAuthenticated, profile, user } = authStore.getState();
  return isAuthenticated ? (profile?.id ?? user?.id ?? null) : null;
}

/**
 * The tab's one upload queue. It outlives pages and dialogs: an upload keeps going while the
 * person looks at another project, and the list shows it wherever it belongs.
 */
export const uploadQueue = new UploadQueue({
  createTransport: (item, callbacks) =>
    createTusTransport(currentUploader() ?? '')(item, callbacks),
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

/** Re-reads tus storage: the user's unfinished uploads that this tab's list does not show. */
export function refreshUnfinished(): void {
  void urlStorage.findAllUploads().then((entries) => {
    // Uploads in this tab's list are shown there (running, failed with Retry, cancelled).
    const listed = new Set(uploadQueue.getSnapshot().map((i) => i.uploadUrl));
    const userId = currentUploader();
    const next = userId
      ? unfinishedUploads(urlStorage, userId, entries).filter((u) => !listed.has(u.uploadUrl))
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

function restoreRejected(): void {
  const userId = currentUploader();
  if (userId) uploadQueue.restore(loadRejected(localStorage, userId, Date.now()));
}

if (typeof window !== 'undefined') {
  // Signed out (here or by a failed refresh) or another account: stop every transfer (the server
  // keeps them, to resume later) and list the new account's unfinished uploads.
  let uploader = currentUploader();
  authStore.subscribe(() => {
    const next = currentUploader();
    if (next === uploader) return;
    if (uploader !== null || !authStore.getState().isAuthenticated) uploadQueue.reset();
    uploader = next;
    restoreRejected();
    refreshUnfinished();
  });
  restoreRejected();
  refreshUnfinished();
  // Refused uploads stay listed, with their reason, after a reload (until dismissed).
  uploadQueue.subscribe(() => {
    const userId = currentUploader();
    if (userId) saveRejected(localStorage, userId, uploadQueue.getSnapshot());
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
