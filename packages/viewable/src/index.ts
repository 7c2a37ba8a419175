/**
 * @truss/viewable: the viewable format itself (types, version, readers, stored layout). The
 * converter writes it; the viewer, the web app and the server read it. No Node or DOM APIs, and
 * nothing of the apps, the converter or the viewer.
 */
export {
  CHUNK_INDEX_VERSION,
  chunkFile,
  readChunkIndex,
  type ChunkIndex,
  type ViewableChunk,
} from './chunks.ts';
export { elementKeys, elementPaths } from './element-keys.ts';
export { isSheetFormat, MODEL_FORMATS, SHEET_SOURCE_FORMATS, type ModelFormat } from './formats.ts';
export { VIEWABLE_FILES, type ViewableFile } from './layout.ts';
export {
  METADATA_VERSION,
  PROPERTY_SET_KINDS,
  type BoundingBox,
  type ModelElement,
  type ModelElementTable,
  type ModelMetadata,
  type ModelProperty,
  type ModelPropertyRow,
  type ModelPropertySet,
  type ModelPropertySetKind,
  type ModelPropertyTable,
  type ModelPropertyValue,
  type ModelStats,
  type ModelStorey,
  type ModelTreeNode,
  type NumberColumn,
} from './metadata.ts';
export {
  packMetadata,
  unpackMetadata,
  type PackedMetadata,
  type PlainJson,
} from './metadata-transfer.ts';
export {
  buildElementTree,
  getElement,
  getElementProperties,
  hasGlobalIds,
  listElements,
  readMetadata,
} from './read.ts';
export {
  SHEET_FILES,
  SHEETS_VERSION,
  type PdfSheetText,
  type SheetIndex,
  type SheetInfo,
  type SheetKind,
  type SheetLayer,
  type SheetPath,
  type SheetText,
  type SheetUnits,
  type VectorSheet,
} from './sheets.ts';
export { elementAtPoint, highlightOf } from './sheet-hit.ts';
export {
  drawVectorSheet,
  fitSheet,
  previewMargin,
  inkOnPaper,
  isLayerShown,
  rectsOverlap,
  visiblePathIndices,
  type DrawVectorOptions,
  type SheetDrawContext,
  type SheetRect,
  type SheetView,
} from './sheet-draw.ts';
export {
  arrowHead,
  cloudOutline,
  cloudScallop,
  drawMarkup,
  drawShape,
  fromDevice,
  shapeBounds,
  sheetMapping,
  smoothStroke,
  strokeWidths,
  viewFrame,
  viewMapping,
  type MarkupDrawContext,
  type MarkupMapping,
  type MarkupPoint,
  type MarkupShapeLike,
} from './markup-draw.ts';
