/**
 * Fetching and decoding a viewable: the .glb streamed with byte progress, the metadata JSON in
 * parallel, decoded with three's GLTFLoader and the bundled meshopt decoder (no CDN).
 */
import type * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import type { LoadProgress } from '../api-types.ts';
import { DecodedStreams } from '../preview/glb-streams.ts';

class LoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LoadError';
  }
}

type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

/** Reads a response body with progress (Content-Length when the server sends it). */
export async function fetchBytes(
  fetcher: Fetcher,
  url: string,
  init: RequestInit,
  onProgress: (progress: LoadProgress) => void,
): Promise<ArrayBuffer> {
  const response = await fetcher(url, init);
  if (!response.ok) throw new LoadError(`Could not load ${url}: HTTP ${response.status}.`);
  const header = response.headers.get('content-length');
  // A compressed transfer's Content-Length counts wire bytes, not the body bytes read here.
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  const totalBytes = header && !encoded ? Number(header) || null : null;
  const report = (loadedBytes: number, stage: LoadProgress['stage'] = 'download') =>
    onProgress({
      stage,
      loadedBytes,
      totalBytes,
      fraction: totalBytes ? Math.min(1, loadedBytes / totalBytes) : null,
    });
  if (!response.body) {
    const buffer = await response.arrayBuffer();
    report(buffer.byteLength);
    return buffer;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  report(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    report(loaded);
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

export async function fetchMetadata(
  fetcher: Fetcher,
  url: string,
  init: RequestInit,
): Promise<unknown> {
  const response = await fetcher(url, init);
  if (!response.ok) throw new LoadError(`Could not load ${url}: HTTP ${response.status}.`);
  // Served with Content-Encoding (br, or gzip for older clients): the browser inflates it.
  return response.json();
}

/**
 * The meshopt decoder, taking streams a preview of the same file decoded already (keyed by where
 * the compressed bytes sit in the BIN chunk, which GLTFLoader hands over as views of it).
 */
function sharedDecoder(streams: DecodedStreams): typeof MeshoptDecoder {
  return {
    ...MeshoptDecoder,
    decodeGltfBufferAsync(count, size, source, mode, filter) {
      const key = DecodedStreams.key(
        source.byteOffset,
        source.byteLength,
        count,
        size,
        mode,
        filter,
      );
      const decoded = streams.take(key);
      return decoded
        ? Promise.resolve(decoded)
        : MeshoptDecoder.decodeGltfBufferAsync(count, size, source, mode, filter);
    },
  };
}

/**
 * From now on meshopt streams are decoded in a Web Worker (the decoder's own, started here), off
 * the main thread: for the chunks a big model streams while the view must stay orbitable (a
 * chunk's streams took 20-200 ms of main thread). Not for a first model's coarse chunk: the
 * worker's start (its WebAssembly compiled again) would come before its first frame.
 */
export function decodeInWorker(): void {
  if (decoderWorkers || typeof Worker !== 'function') return;
  decoderWorkers = true;
  try {
    MeshoptDecoder.useWorkers(1);
  } catch {
    // No worker (a strict policy, an odd runtime): decoded on the main thread as before.
  }
}
let decoderWorkers = false;

/**
 * Parses a .glb into a three.js scene (meshopt streams decoded, or taken from `streams`,
 * quantized positions kept).
 */
export async function decodeGlb(
  buffer: ArrayBuffer,
  streams?: DecodedStreams,
): Promise<THREE.Group> {
  return (await decodeGltf(buffer, streams)).scene;
}

/** decodeGlb, with the file's glTF JSON (a chunked viewable's index is in its asset). */
export async function decodeGltf(
  buffer: ArrayBuffer,
  streams?: DecodedStreams,
): Promise<{ scene: THREE.Group; json: unknown }> {
  await MeshoptDecoder.ready;
  const decoder = streams ? sharedDecoder(streams) : MeshoptDecoder;
  const loader = new GLTFLoader().setMeshoptDecoder(decoder);
  try {
    const gltf = await loader.parseAsync(buffer, '');
    return { scene: gltf.scene, json: gltf.parser.json as unknown };
  } catch (error) {
    throw new LoadError(
      `The model file could not be decoded: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/**
 * The glTF JSON of a .glb's bytes without decoding anything else (its first chunk): null when the
 * bytes are no binary glTF. Cheap enough to read a chunked viewable's index before the decode.
 */
export function glbJson(buffer: ArrayBuffer): unknown {
  if (buffer.byteLength < 20) return null;
  const view = new DataView(buffer);
  // 'glTF' then, for the first chunk, its length and 'JSON'.
  if (view.getUint32(0, true) !== 0x46546c67 || view.getUint32(16, true) !== 0x4e4f534a)
    return null;
  const length = view.getUint32(12, true);
  if (20 + length > buffer.byteLength) return null;
  try {
    return JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 20, length))) as unknown;
  } catch {
    return null;
  }
}

/** Resolves on the next animation frame (or a macrotask where there is none, e.g. hidden tabs). */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(finish);
    // Background tabs pause rAF: never let loading hang on it.
    setTimeout(finish, 50);
  });
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw signal.reason instanceof Error
      ? signal.reason
      : new DOMException('Aborted', 'AbortError');
  }
}

/**
 * The URL of a file of the same viewable (a chunk, `chunks/<n>.glb`): beside the model's .glb,
 * with its query (a signed URL's signature covers the viewable's chunks).
 */
export function siblingUrl(glbUrl: string, file: string): string {
  const queryAt = glbUrl.indexOf('?');
  const path = queryAt < 0 ? glbUrl : glbUrl.slice(0, queryAt);
  const query = queryAt < 0 ? '' : glbUrl.slice(queryAt);
  return `${path.slice(0, path.lastIndexOf('/') + 1)}${file}${query}`;
}
