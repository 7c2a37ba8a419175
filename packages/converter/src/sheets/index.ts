/**
 * Drawings (PDF, DXF, DWG) -> the sheet viewable. `convertDrawingFile` is what the worker runs
 * for them instead of `convertModel`.
 */
import { readFile, stat } from 'node:fs/promises';
import { isSheetFormat, type ModelFormat } from '@truss/viewable';
import { AbortedError, asConversionError, EmptyFileError, TooLargeError } from '../errors.ts';
import { makeAbortCheck, type ConversionStage } from '../importers/context.ts';
import { convertDrawing, type DrawingConversion, type DrawingFormat } from './convert.ts';

export {
  convertDrawing,
  drawingSheets,
  type DrawingConversion,
  type DrawingFormat,
  type DrawingStats,
  type SheetFile,
} from './convert.ts';
export { COUNTED_TYPES, entityCounts, type Drawing } from './drawing.ts';
export { readDwg } from './dwg.ts';
export { readDxf } from './dxf.ts';
export { PREVIEW_SIZE, renderVectorPreview, scalePng } from './preview.ts';
export { renderMarkupSnapshot, type MarkupBase } from './markup-snapshot.ts';

export interface DrawingFileResult extends DrawingConversion {
  format: DrawingFormat;
  inputBytes: number;
  seconds: number;
}

const DEFAULT_MAX_INPUT_BYTES = 2 * 1024 ** 3;

export async function convertDrawingFile(
  input: { bytes: Uint8Array | string; format: ModelFormat },
  options: {
    onProgress?: (stage: ConversionStage, fraction: number) => void;
    signal?: AbortSignal;
    maxInputBytes?: number;
  } = {},
): Promise<DrawingFileResult> {
  if (!isSheetFormat(input.format)) throw new Error(`${input.format} is not a drawing format`);
  const format = input.format as DrawingFormat;
  const started = performance.now();
  const checkAbort = makeAbortCheck(options.signal);
  const maxBytes = options.maxInputBytes ?? DEFAULT_MAX_INPUT_BYTES;
  let bytes: Uint8Array;
  if (typeof input.bytes === 'string') {
    const info = await stat(input.bytes);
    if (info.size > maxBytes) throw new TooLargeError(`The file is larger than ${maxBytes} bytes.`);
    const buffer = await readFile(input.bytes);
    bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  } else bytes = input.bytes;
  if (bytes.length === 0) throw new EmptyFileError();
  if (bytes.length > maxBytes)
    throw new TooLargeError(`The file is larger than ${maxBytes} bytes.`);
  options.onProgress?.('detect', 1);
  try {
    const result = await convertDrawing(bytes, format, {
      checkAbort,
      progress: (stage, fraction) => {
        options.onProgress?.(stage, fraction);
        checkAbort();
      },
    });
    return {
      ...result,
      format,
      inputBytes: bytes.length,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    if (error instanceof AbortedError) throw error;
    throw asConversionError(error, `The ${format.toUpperCase()} file`);
  }
}
