/**
 * `@truss/viewer/sheet`: the sheet engine (2D drawings: vector sheets and PDF pages). No three.js
 * here; pdf.js loads on the first PDF sheet.
 */
export { createSheetViewer } from './viewer.ts';
export { preloadPdf } from './pdf.ts';
export { COMPARE_COLORS } from './compare.ts';
export type { SheetMeasurement, SheetTool } from './measure-tool.ts';
export type {
  SheetRenderStats,
  SheetSource,
  SheetViewer,
  SheetViewerEvents,
  SheetViewerOptions,
} from './types.ts';
export { drawVectorSheet, type DrawVectorOptions, type SheetDrawContext } from './draw.ts';
export { layerVisibility } from './layers.ts';
export type { LengthUnit, SheetCalibration } from './measure.ts';
export type { SheetSearchHit } from './search.ts';
export { paperScale, type SheetView } from './view.ts';
export { drawFirstPicture, firstSheetView, SHEET_BACKGROUND } from './first-picture.ts';
