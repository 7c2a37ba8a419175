/**
 * The sheet viewable: the 2D twin of the 3D viewable. The converter writes it for PDF, DXF and
 * DWG files (one sheet per PDF page and per DWG/DXF layout, model space first) and, for IFC
 * models, one storey plan per storey. The server serves it; the sheet engine in
 * `@truss/viewer` draws it. Stored beside the 3D viewable's files (see `SHEET_FILES`).
 *
 * Two kinds of sheet content:
 * - `pdf`: the page is drawn from the stored source PDF by pdf.js (vector, sharp at any zoom,
 *   its own text layer); the sheet records the page number and its text for search.
 * - `vector`: the converter flattened the drawing (blocks expanded, arcs and splines tessellated
 *   finely enough for 1:1, hatches as filled polygons) into `VectorSheet` below.
 *
 * Coordinates: sheet units (`SheetInfo.units`), x right, y UP, origin at the sheet's lower-left
 * corner for paper (PDF pages, layouts) and the drawing's own origin for model space (then
 * `VectorSheet.bounds` says where the content is).
 */

export const SHEETS_VERSION = 1;

export type SheetUnits = 'mm' | 'cm' | 'm' | 'in' | 'ft' | 'pt' | 'unitless';

export type SheetKind = 'page' | 'model-space' | 'layout' | 'storey-plan';

export interface SheetLayer {
  name: string;
  /** On in the source (DXF/DWG layer not frozen or off, PDF optional content group on). */
  visible: boolean;
  /** `#rrggbb`: the layer's colour in the source, used for "by layer" entities. */
  color: string;
}

export interface SheetInfo {
  /** Stable within one version: `p1`…`pN` for PDF pages, `l0`… for layouts, `s<GlobalId>` plans. */
  id: string;
  /** Page label, layout name ("Model" for model space) or storey name. */
  name: string;
  /** 0-based order in the sheet list (model space first for DWG/DXF). */
  index: number;
  kind: SheetKind;
  /** Millimetres of paper, or drawing units for model space and storey plans. */
  width: number;
  height: number;
  units: SheetUnits;
  layers: SheetLayer[];
  content: 'pdf' | 'vector';
  /** 1-based page in the stored source PDF when `content` is `pdf`. */
  pdfPage?: number;
  /** Storey plans: the storey's GlobalId and elevation (metres) and the cut height above it. */
  storey?: { globalId: string; elevation: number; cutHeight: number };
}

/** `sheets.json`: the list of a converted file's sheets. */
export interface SheetIndex {
  version: typeof SHEETS_VERSION;
  /** The source file's format (`pdf`, `dxf`, `dwg`, or the 3D format for storey plans). */
  source: string;
  sheets: SheetInfo[];
}

/** One run of text on a sheet, for search and hit highlighting (sheet units, y up). */
export interface SheetText {
  text: string;
  /** Lower-left corner of the text's box before rotation. */
  x: number;
  y: number;
  /** Box width and height (height = the font's cap height for DXF, the glyph box for PDF). */
  width: number;
  height: number;
  /** Degrees counter-clockwise. */
  rotation: number;
  /** Index into the sheet's `layers`, -1 when the text has no layer. */
  layer: number;
}

/** A polyline or polygon of a vector sheet. */
export interface SheetPath {
  /** Index into the sheet's `layers`. */
  layer: number;
  /** x, y pairs in sheet units. */
  points: number[];
  closed: boolean;
  /** `#rrggbb` stroke; null for a fill-only shape (a solid hatch). */
  stroke: string | null;
  /** `#rrggbb` fill of a closed shape, null for none. */
  fill: string | null;
  /** Line width in sheet units; 0 draws a hairline (one device pixel at any zoom). */
  width: number;
  /** Storey plans: the element this path belongs to (a row of the model's element table). */
  element?: number;
}

/** `sheet-<id>.json` for `content: 'vector'` sheets. */
export interface VectorSheet {
  version: typeof SHEETS_VERSION;
  /** [minX, minY, maxX, maxY] of the content, sheet units. */
  bounds: [number, number, number, number];
  paths: SheetPath[];
  /** Drawn as text (not outlines), so the viewer can highlight search hits. */
  texts: (SheetText & { color: string; font?: string })[];
}

/** `sheet-<id>.text.json` for `content: 'pdf'` sheets: the page's text runs, for search. */
export interface PdfSheetText {
  version: typeof SHEETS_VERSION;
  texts: SheetText[];
}

/** Stored layout of a sheet viewable, beside the 3D viewable's files of the same conversion. */
export const SHEET_FILES = {
  index: { name: 'sheets.json', contentType: 'application/json' },
  /** The source PDF (PDF files only), read by pdf.js in the browser with Range requests. */
  pdf: { name: 'source.pdf', contentType: 'application/pdf' },
  vector: (sheetId: string) => ({ name: `sheet-${sheetId}.json`, contentType: 'application/json' }),
  pdfText: (sheetId: string) => ({
    name: `sheet-${sheetId}.text.json`,
    contentType: 'application/json',
  }),
  /** A raster of the sheet at 1024 px on its long side; thumbnails and previews scale it. */
  preview: (sheetId: string) => ({ name: `sheet-${sheetId}.png`, contentType: 'image/png' }),
} as const;
