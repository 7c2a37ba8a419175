import { MAX_CONCURRENT_UPLOADS } from '@truss/contracts';
import type { UploadSource } from './bundle';

/** Spec §4 "Upload": uploading, then completed, error or cancelled. */
export type UploadState = 'uploading' | 'completed' | 'error' | 'cancelled';

/** Why an upload stopped. `code` is a server error code (or UPLOAD_FAILED). */
export interface UploadFailure {
  code: string;
  /** The server's text in the request's language, when it sent one. */
  serverMessage: string | null;
  /** No answer from the server (offline, connection dropped): retried when back online. */
  network: boolean;
  /** Worth a "Retry" button (not for a refused format or a full plan). */
  retryable: boolean;
}

export interface UploadItem {
  /** Local id (not the server's). */
  id: string;
  /** What is sent (for files picked together: the zip the browser made of them). */
  file: File;
  /** Shown, and the model's name: the main file's name for a bundle. */
  name: string;
  /** Sent as tus metadata modelName when the model is not named after `file`. */
  modelName: string | null;
  size: number;
  projectId: string;
  /** A new version of this model (tus metadata modelId), or null: a new model. */
  versionOf: string | null;
  state: UploadState;
  /** 0..100 of the bytes; null until the server has answered (indeterminate). */
  progress: number | null;
  bytesSent: number;
  /** The connection dropped and the upload is trying again by itself. */
  reconnecting: boolean;
  /** It continues an upload started earlier (another visit, or before a reload). */
  resumed: boolean;
  failure: UploadFailure | null;
  /** The model the finished upload became. */
  modelId: string | null;
  /** The tus upload URL once the server created it. */
  uploadUrl: string | null;
  addedAt: number;
}

export interface TransportCallbacks {
  onProgress(bytesSent: number, bytesTotal: number): void;
  /** The server answered again after a drop (or the upload was found to resume). */
  onResumed(): void;
  onReconnecting(): void;
  onUrl(url: string): void;
  onSuccess(modelId: string): void;
  onError(failure: UploadFailure): void;
}

/** One file's transfer (tus in the app, a fake in tests). */
export interface UploadTransport {
  start(): void;
  /** Stop; with `terminate` the server forgets the upload (tus DELETE). */
  abort(terminate: boolean): Promise<void>;
}

type TransportFactory = (item: UploadItem, callbacks: TransportCallbacks) => UploadTransport;

type AddResult =
  | { ok: true; items: UploadItem[] }
  /** Spec §5: at most 3 files at once ("Maximum 3 Files Allowed"). Nothing was added. */
  | { ok: false; reason: 'TOO_MANY_UPLOADS' };

interface UploadQueueOptions {
  createTransport: TransportFactory;
  /** Runs before a finished upload shows as completed (e.g. put the new model in the list). */
  beforeComplete?: (item: UploadItem, modelId: string) => Promise<void>;
  max?: number;
  now?: () => number;
}

let counter = 0;
/** Ids stay unique across reloads (refused uploads of earlier visits come back by id). */
const idPrefix = `upload-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/**
 * The upload queue: at most `max` (3) files uploading at once, per-file states and progress,
 * cancel, retry and dismiss. It knows nothing of tus or React; the transport does the bytes.
 */
export class UploadQueue {
  #items: UploadItem[] = [];
  readonly #transports = new Map<string, UploadTransport>();
  readonly #listeners = new Set<() => void>();
  readonly #options: UploadQueueOptions;
  readonly #max: number;

  constructor(options: UploadQueueOptions) {
    this.#options = options;
    this.#max = options.max ?? MAX_CONCURRENT_UPLOADS;
  }

  get max(): number {
    return this.#max;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** An immutable snapshot (a new array on every change), the newest pick first. */
  getSnapshot = (): readonly UploadItem[] => this.#items;

  activeCount(): number {
    return this.#items.filter((i) => i.state === 'uploading').length;
  }

  /** Free places for new files. */
  room(): number {
    return Math.max(0, this.#max - this.activeCount());
  }

  get(id: string): UploadItem | undefined {
    return this.#items.find((i) => i.id === id);
  }

  #emit(): void {
    for (const listener of this.#listeners) listener();
  }

  #update(id: string, patch: Partial<UploadItem>): void {
    let changed = false;
    this.#items = this.#items.map((item) => {
      if (item.id !== id) return item;
      changed = true;
      return { ...item, ...patch };
    });
    if (changed) this.#emit();
  }

  /**
   * Adds the files of one pick or drop, all or none: refused when more than the free places. A
   * source with a `modelName` (a bundle of files picked together) is one upload.
   */
  add(
    files: readonly (File | UploadSource)[],
    projectId: string,
    versionOf: string | null = null,
  ): AddResult {
    if (files.length === 0) return { ok: true, items: [] };
    if (files.length > this.room()) return { ok: false, reason: 'TOO_MANY_UPLOADS' };
    const now = this.#options.now?.() ?? Date.now();
    const items: UploadItem[] = files.map((source) => {
      const { file, modelName } =
        source instanceof File ? { file: source, modelName: null } : source;
      counter += 1;
      return {
        id: `${idPrefix}-${counter}`,
        file,
        name: modelName ?? file.name,
        modelName,
        size: file.size,
        projectId,
        versionOf,
        state: 'uploading',
        progress: null,
        bytesSent: 0,
        reconnecting: false,
        resumed: false,
        failure: null,
        modelId: null,
        uploadUrl: null,
        addedAt: now,
      };
    });
    // The newest pick first, its files in the order chosen.
    this.#items = [...items, ...this.#items];
    this.#emit();
    for (const item of items) this.#start(item);
    return { ok: true, items };
  }

  #start(item: UploadItem): void {
    const id = item.id;
    const live = () => this.get(id)?.state === 'uploading' && this.#transports.has(id);
    const transport = this.#options.createTransport(item, {
      onProgress: (sent, total) => {
        if (!live()) return;
        const progress = total > 0 ? Math.min(100, Math.max(0, (sent / total) * 100)) : 0;
        this.#update(id, { bytesSent: sent, progress, reconnecting: false });
      },
      onResumed: () => {
        if (live()) this.#update(id, { resumed: true });
      },
      onReconnecting: () => {
        if (live()) this.#update(id, { reconnecting: true });
      },
      onUrl: (url) => {
        if (live()) this.#update(id, { uploadUrl: url });
      },
      onSuccess: (modelId) => {
        if (!live()) return;
        this.#transports.delete(id);
        this.#update(id, { progress: 100, bytesSent: item.size, reconnecting: false, modelId });
        const done = () => {
          if (this.get(id)?.state === 'uploading') this.#update(id, { state: 'completed' });
        };
        const before = this.#options.beforeComplete?.(this.get(id) ?? item, modelId);
        if (before) before.catch(() => undefined).finally(done);
        else done();
      },
      onError: (failure) => {
        if (!live()) return;
        this.#transports.delete(id);
        this.#update(id, { state: 'error', failure, reconnecting: false });
      },
    });
    this.#transports.set(id, transport);
    transport.start();
  }

  /** Stops an upload and has the server forget it. */
  cancel(id: string): void {
    const item = this.get(id);
    if (!item || item.state !== 'uploading') return;
    const transport = this.#transports.get(id);
    this.#transports.delete(id);
    this.#update(id, { state: 'cancelled', reconnecting: false });
    void transport?.abort(true).catch(() => undefined);
  }

  /** Starts a failed or cancelled upload again (it resumes where the server stopped, if it can). */
  retry(id: string): AddResult {
    const item = this.get(id);
    if (!item || (item.state !== 'error' && item.state !== 'cancelled')) {
      return { ok: true, items: [] };
    }
    if (this.room() < 1) return { ok: false, reason: 'TOO_MANY_UPLOADS' };
    const next: UploadItem = {
      ...item,
      state: 'uploading',
      failure: null,
      reconnecting: false,
      progress: item.state === 'cancelled' ? null : item.progress,
      bytesSent: item.state === 'cancelled' ? 0 : item.bytesSent,
    };
    this.#items = this.#items.map((i) => (i.id === id ? next : i));
    this.#emit();
    this.#start(next);
    return { ok: true, items: [next] };
  }

  /**
   * Puts back failed uploads of an earlier visit (a reload): shown with their error until
   * dismissed. Their bytes are gone, so they cannot be retried; ids already listed are skipped.
   */
  restore(items: readonly UploadItem[]): void {
    const listed = new Set(this.#items.map((i) => i.id));
    const fresh = items.filter((i) => i.state === 'error' && !listed.has(i.id));
    if (fresh.length === 0) return;
    this.#items = [...this.#items, ...fresh];
    this.#emit();
  }

  /** After the connection came back: uploads that stopped for lack of a network start again. */
  retryNetworkFailures(): void {
    for (const item of this.#items) {
      if (item.state === 'error' && item.failure?.network) this.retry(item.id);
    }
  }

  /** Dismisses a finished, failed or cancelled upload from the list. */
  remove(id: string): void {
    const item = this.get(id);
    if (!item || item.state === 'uploading') return;
    this.#items = this.#items.filter((i) => i.id !== id);
    this.#emit();
  }

  clearFinished(): void {
    const next = this.#items.filter((i) => i.state === 'uploading');
    if (next.length === this.#items.length) return;
    this.#items = next;
    this.#emit();
  }

  /** Signed out: stop every transfer (the server keeps them, to resume later) and forget all. */
  reset(): void {
    for (const transport of this.#transports.values()) void transport.abort(false);
    this.#transports.clear();
    if (this.#items.length === 0) return;
    this.#items = [];
    this.#emit();
  }
}
