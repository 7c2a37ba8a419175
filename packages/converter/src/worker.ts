/**
 * The entry the server calls inside a worker_threads Worker (with resourceLimits for memory):
 * plain data in, transferable buffers out, typed errors flattened to { code, message } because
 * class instances do not survive postMessage.
 */
import { isSheetFormat, type ModelFormat } from '@truss/viewable';
import { convertModel, sniffFormat, type ConvertOptions } from './convert.ts';
import { convertDrawingFile, type DrawingStats } from './sheets/index.ts';
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
      kind?: 'model';
      glb: ArrayBuffer;
      /** A chunked model's other chunks (`chunkFile(n)` for chunks[n - 1]); empty otherwise. */
      chunks: ArrayBuffer[];
      thumbnailPng: ArrayBuffer;
      /**
       * The metadata: gzip-compressed JSON, version 2 (encodeMetadata / decodeMetadata). Cheaper
       * to transfer than a structured clone.
       */
      metadataGz: ArrayBuffer;
      /** The detected source format (`metadata.format`), so the caller need not decode it. */
      format: ModelFormat;
      /** IFC storey plans: sheet viewable files (`SHEET_FILES`) stored beside the model's. */
      plans?: { name: string; contentType: string; bytes: ArrayBuffer }[];
      stats: ConversionStats;
    }
  | {
      ok: true;
      /** A drawing (PDF, DXF, DWG): the sheet viewable's files (`SHEET_FILES`) to store. */
      kind: 'sheets';
      files: { name: string; contentType: string; bytes: ArrayBuffer }[];
      /** The first sheet's preview. */
      thumbnailPng: ArrayBuffer;
      format: ModelFormat;
      stats: DrawingStats & { inputBytes: number; seconds: number };
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
    const format = await sniffFormat(request.input, request.filename);
    if (format && isSheetFormat(format)) {
      const drawing = await convertDrawingFile(
        { bytes: request.input, format },
        { ...options, maxInputBytes: request.maxInputBytes },
      );
      return {
        ok: true,
        kind: 'sheets',
        files: drawing.files.map((file) => ({
          name: file.name,
          contentType: file.contentType,
          bytes: ownBuffer(file.bytes),
        })),
        thumbnailPng: ownBuffer(drawing.thumbnailPng),
        format: drawing.format,
        stats: { ...drawing.stats, inputBytes: drawing.inputBytes, seconds: drawing.seconds },
      };
    }
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
      chunks: result.chunks.map(ownBuffer),
      thumbnailPng: ownBuffer(result.thumbnailPng),
      metadataGz: ownBuffer(result.metadataGz),
      format: result.metadata.format,
      plans: result.plans.map((file) => ({
        name: file.name,
        contentType: file.contentType,
        bytes: ownBuffer(file.bytes),
      })),
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
  if (!response.ok) return [];
  if (response.kind === 'sheets') {
    // A thumbnail that is also a sheet's preview shares nothing: each buffer is its own copy.
    return [...new Set([...response.files.map((file) => file.bytes), response.thumbnailPng])];
  }
  return [
    response.glb,
    ...response.chunks,
    response.thumbnailPng,
    response.metadataGz,
    ...(response.plans ?? []).map((file) => file.bytes),
  ];
}
