/**
 * @truss/converter: every supported 3D/BIM format -> the viewable (one .glb, metadata, thumbnail).
 * Knows nothing about users, projects, HTTP or databases.
 */
export {
  convertModel,
  CONVERTER_VERSION,
  type ConversionResult,
  type ConversionStats,
  type ConvertInput,
  type ConvertOptions,
} from './convert.ts';
export { detectFormat, MODEL_FORMATS, stepFileSchema, type ModelFormat } from './formats.ts';
export {
  AbortedError,
  ConversionError,
  DrawingDamagedError,
  EmptyFileError,
  isConversionError,
  MalformedFileError,
  NoEntitiesError,
  NoGeometryError,
  NoPagesError,
  TooLargeError,
  UnsupportedFormatError,
  type ConversionErrorCode,
} from './errors.ts';
export type { ConversionStage } from './importers/context.ts';
export { decodeMetadata, encodeMetadata } from './metadata-file.ts';
export { validateGlb, type GlbValidation } from './validate.ts';
export {
  runConversionInWorker,
  transferList,
  type WorkerConversionRequest,
  type WorkerConversionResponse,
} from './worker.ts';
export {
  convertDrawingFile,
  COUNTED_TYPES,
  entityCounts,
  readDwg,
  readDxf,
  renderMarkupSnapshot,
  scalePng,
  type MarkupBase,
  type DrawingFileResult,
  type DrawingStats,
} from './sheets/index.ts';
export { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip.ts';
