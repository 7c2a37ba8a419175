/**
 * Downloads of a viewable's files started before the viewer exists (the model page's prefetch,
 * beside the session data), handed to the viewer's first request for the same URL. Each is used
 * once and dropped after a minute: a handoff of one early download, not a cache (the files are
 * immutable and the HTTP cache keeps them).
 */
import { Handoff } from './handoff';
import { parseJsonBytes } from './json-bytes';
import { withCallHeaders } from '../../lib/request-id';

const HANDOFF_MS = 60_000;
/**
 * JSON from this size up is parsed in a worker (json-off-thread.ts): about 15-30 ms of parse
 * here, more than a worker's start costs. A small model's metadata (100-700 KB) stays here.
 */
export const OFF_THREAD_BYTES = 2 * 1024 * 1024;
/**
 * From this upload size up a model's metadata is likely past OFF_THREAD_BYTES (an IFC's is about
 * a sixth of the file): its worker starts with the downloads, so the parse does not wait for the
 * worker's own start once the bytes are in (some 250 ms on the 200k tower, 2-core machine).
 */
const WARM_WORKER_MODEL_BYTES = 16 * 1024 * 1024;
/** The worker started ahead, until a big JSON takes it. */
let warm: Promise<Worker | null> | null = null;

function warmJsonWorker(): void {
  if (warm || typeof Worker !== 'function') return;
  const started = import('./json-off-thread').then(
    ({ startJsonWorker }) => startJsonWorker(),
    () => null,
  );
  warm = started;
  // Not taken within the handoff's minute (the metadata was small after all): ended.
  setTimeout(() => {
    if (warm !== started) return;
    warm = null;
    void started.then((worker) => worker?.terminate());
  }, HANDOFF_MS);
}

function takeWarmWorker(): Promise<Worker | null> {
  const taken = warm ?? Promise.resolve(null);
  warm = null;
  return taken;
}

const early = new Handoff<Response>(HANDOFF_MS);
/**
 * Files the viewer took from an early download within the last minute: asked for early again
 * (the page's prefetch after the early view had them), they would download twice.
 */
const taken = new Set<string>();

/**
 * An answer read into memory. Its json() and arrayBuffer() answer from that memory within a
 * microtask: a Response's own read of even an in-memory body resolves through tasks, which wait
 * behind the first frames' work (the metadata's json() took 100-180 ms on a loaded machine while
 * its parse takes 2 ms).
 */
class ReadResponse extends Response {
  /** Read-only to everyone: arrayBuffer() hands out copies. */
  readonly #memory: ArrayBuffer;
  /** The parse of the body, made once: every reader of the JSON gets the same object. */
  #json: Promise<unknown> | null = null;
  /** That parse's value once it is made (undefined until then). */
  parsed: unknown = undefined;

  constructor(memory: ArrayBuffer, answer: Response) {
    super(memory, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
    this.#memory = memory;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#memory.slice(0));
  }

  /** The bytes themselves, not a copy, for readers that never write to them. */
  get memory(): ArrayBuffer {
    return this.#memory;
  }

  /**
   * Parsed once (the page's tree and the engine read the same metadata: readViewableJson), so
   * the object must be read, not written. A big file is parsed in a worker (OFF_THREAD_BYTES).
   */
  override json(): Promise<unknown> {
    return (this.#json ??= parseViewableBytes(this.#memory, takeWarmWorker).then(
      (value) => (this.parsed = value),
    ));
  }
}

/**
 * A viewable's JSON file (its metadata) parsed: in a worker from OFF_THREAD_BYTES up (`worker`
 * gives one started ahead, if any), else here. The bytes are read, not taken.
 */
export function parseViewableBytes(
  memory: ArrayBuffer,
  worker: () => Promise<Worker | null> = () => Promise.resolve(null),
): Promise<unknown> {
  if (memory.byteLength < OFF_THREAD_BYTES) {
    return Promise.resolve().then(() => parseJsonBytes(memory));
  }
  return Promise.all([import('./json-off-thread'), worker()]).then(
    ([{ parseJsonInWorker }, started]) => parseJsonInWorker(memory, started),
    // Its module did not load: parsed here, a long task rather than no metadata.
    () => parseJsonBytes(memory),
  );
}

/** Reads a successful answer into memory: the viewer then reads it without network tasks. */
async function readAnswer(answer: Response): Promise<Response> {
  if (!answer.ok || answer instanceof ReadResponse) return answer;
  return new ReadResponse(await answer.arrayBuffer(), answer);
}

/**
 * The bytes of the early download of `url`, left for the viewer to take, for a reader that only
 * reads them (the model preview): null when there is none, or (resolved) when it failed.
 */
export function peekViewableBytes(url: string): Promise<ArrayBuffer | null> | null {
  const response = early.peek(url);
  if (!response) return null;
  return response.then(
    (answer) => (answer instanceof ReadResponse ? answer.memory : null),
    () => null,
  );
}

export function prefetchViewableFile(url: string): void {
  if (early.has(url) || taken.has(url)) return;
  // Read now, while the page is still starting: the viewer then reads from memory instead of
  // waiting for the network's tasks behind its own first render.
  early.put(
    url,
    fetch(url, { priority: 'high', headers: withCallHeaders(undefined) }).then(readAnswer),
  );
}

/**
 * True when `answer` (a file asked for by the model's id and the bearer token) is the version the
 * signed `url` names: its ETag starts with the hash in `v` (routes.ts sendFile).
 */
export function isVersionOf(url: string, answer: Response): boolean {
  const version = new URL(url, 'http://x').searchParams.get('v');
  const etag = answer.headers.get('etag') ?? '';
  return answer.ok && !!version && etag.startsWith(`"${version.slice(0, 32)}`);
}

/**
 * The same file as `url` already asked for and read another way (index.html's early requests, by
 * the model's id and the bearer token): handed over as the early download of `url` when it is the
 * version `url` names, else `url` is downloaded after all.
 */
export function handViewableFile(url: string, read: Promise<EarlyRead>): void {
  if (early.has(url) || taken.has(url)) return;
  early.put(
    url,
    read
      .catch(() => null)
      .then((early) =>
        early?.bytes && isVersionOf(url, early.answer)
          ? new ReadResponse(early.bytes, early.answer)
          : fetch(url, { priority: 'high', headers: withCallHeaders(undefined) }).then(readAnswer),
      ),
  );
}

/** A ready model's viewable and metadata, downloaded early for the viewer (pages' prefetch). */
export function prefetchViewableFiles(
  model:
    | {
        status: string;
        viewable_url?: string | null;
        metadata_url?: string | null;
        size?: number;
      }
    | null
    | undefined,
): void {
  if (model?.status !== 'ready') return;
  if (model.metadata_url && (model.size ?? 0) >= WARM_WORKER_MODEL_BYTES) warmJsonWorker();
  for (const url of [model.viewable_url, model.metadata_url]) {
    if (url) prefetchViewableFile(url);
  }
}

/**
 * Early downloads the viewer took, by URL, for the minute their handoff lasts: the page can still
 * read the metadata the engine takes (one parse, one object: ReadResponse.json), whichever of
 * them reads it first.
 */
const kept = new Map<string, Promise<Response>>();

/**
 * The parsed JSON of the early download of `url` (the model page's metadata, for its tree and
 * properties while the engine still loads), without taking it from the viewer: null when there
 * is none; rejects when that download failed.
 */
export function readViewableJson(url: string): Promise<unknown> | null {
  const response = kept.get(url) ?? early.peek(url);
  if (!response) return null;
  return response.then((answer) => {
    if (!(answer instanceof ReadResponse)) throw new Error(`${url}: HTTP ${answer.status}`);
    read.set(url, answer);
    return answer.json();
  });
}

/** The answers readViewableJson read, for parsedViewableJson. */
const read = new Map<string, ReadResponse>();

/**
 * The JSON of `url` if readViewableJson's download of it was parsed already (by the engine or
 * the page), else undefined: the page's first render shows the tree without waiting a task.
 */
export function parsedViewableJson(url: string): unknown {
  return read.get(url)?.parsed;
}

/** The viewer's fetch: the early download of `url` if there is one, else a new request. */
export function fetchViewableFile(url: string, init: RequestInit): Promise<Response> {
  // Each request its own key (spec §7), the retry of a failed early download too.
  const ask = () => fetch(url, { ...init, headers: withCallHeaders(init.headers) });
  const response = early.take(url);
  if (!response) return ask();
  taken.add(url);
  // Its JSON stays readable by the page (readViewableJson) once the viewer took it.
  kept.set(url, response);
  response.then(
    (answer) => void (answer instanceof ReadResponse && read.set(url, answer)),
    () => undefined,
  );
  setTimeout(() => {
    taken.delete(url);
    if (kept.get(url) === response) kept.delete(url);
    read.delete(url);
  }, HANDOFF_MS);
  // An early download that failed on the network is tried again as the viewer's own request.
  return response.catch(ask);
}
