/**
 * The entry the server calls inside a worker_threads Worker (with resourceLimits for memory):
 * plain data in, transferable buffers out, typed errors flattened to { code, message } because
 * class instances do not survive postMessage.
 */
import type { ModelFormat } from '@truss/viewable';
import { convertModel, type ConvertOptions } from './convert.ts';
import { isConversionError, type ConversionErrorCode } from './errors.ts';
import type { ConversionStats } from './convert.ts';

export interface WorkerConversionRequest {
  /** Bytes of the model or a path to it (a path avoids copying big files into the worker). */
  input: Uint8Array | string;
  filename: string;
  companions?: [string, Uint8Array][];
  maxTriangles?: number;
  maxInputBytes?: number;
}

export type WorkerConversionResponse =
  | {
      ok: true;
      glb: ArrayBuffer;
      thumbnailPng: ArrayBuffer;
      /**
       * The metadata: gzip-compressed JSON, version 2 (encodeMetadata / decodeMetadata). Cheaper
       * to transfer than a structured clone.
       */
      metadataGz: ArrayBuffer;
      /** The detected source format (`metadata.format`), so the caller need not decode it. */
      format: ModelFormat;
      stats: ConversionStats;
    }
  | { ok: false; code: ConversionErrorCode | 'INTERNAL'; message: string };

function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer
    ? bytes.buffer
    : (bytes.slice().buffer as ArrayBuffer);
}

/**
 * Runs one conversion. `onProgress` can forward to parentPort; `signal` cancels between stages.
 * Post the result with `transferList(response)` so the buffers move instead of being copied.
 */
export async function runConversionInWorker(
  request: WorkerConversionRequest,
  options: Pick<ConvertOptions, 'onProgress' | 'signal'> = {},
): Promise<WorkerConversionResponse> {
  try {
    const result = await convertModel(
      {
        bytes: request.input,
        filename: request.filename,
        companions: new Map(request.companions ?? []),
      },
      { ...options, maxTriangles: request.maxTriangles, maxInputBytes: request.maxInputBytes },
    );
    return {
      ok: true,
      glb: ownBuffer(result.glb),
      thumbnailPng: ownBuffer(result.thumbnailPng),
      metadataGz: ownBuffer(result.metadataGz),
      format: result.metadata.format,
      stats: result.stats,
    };
  } catch (error) {
    if (isConversionError(error)) return { ok: false, code: error.code, message: error.message };
    return {
      ok: false,
      code: 'INTERNAL',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

/** The buffers of a response to pass as postMessage's transfer list. */
export function transferList(response: WorkerConversionResponse): ArrayBuffer[] {
  return response.ok ? [response.glb, response.thumbnailPng, response.metadataGz] : [];
}
