/**
 * convertDrawing: a PDF, DXF or DWG -> the sheet viewable (`@truss/viewable` sheets.ts): the
 * files to store (sheets.json, the vector sheets or the source PDF with its text runs, one
 * preview per sheet) and the thumbnail (the first sheet's preview).
 */
import {
  SHEET_FILES,
  SHEETS_VERSION,
  type SheetIndex,
  type SheetInfo,
  type VectorSheet,
} from '@truss/viewable';
import { NoEntitiesError, TooLargeError, UnsupportedFormatError } from '../errors.ts';
import type { ConversionStage } from '../importers/context.ts';
import { entityCounts, unitsOf, type Drawing } from './drawing.ts';
import { readDwg } from './dwg.ts';
import { readDxf } from './dxf.ts';
import { SheetFlattener, TooManyPathsError, toVectorSheet, type Matrix } from './flatten.ts';
import { readPdf } from './pdf.ts';
import { renderVectorPreview } from './preview.ts';

export type DrawingFormat = 'pdf' | 'dxf' | 'dwg';

export interface SheetFile {
  name: string;
  bytes: Uint8Array;
  contentType: string;
}

export interface DrawingStats {
  sheets: number;
  /** Paths and texts over all vector sheets (0 for PDF). */
  paths: number;
  texts: number;
  /** Source entities of model space and layouts: type -> layer -> count (DXF/DWG). */
  entities: Record<string, Record<string, number>>;
  /** Entities of types not converted, by type. */
  skipped: Record<string, number>;
}

export interface DrawingConversion {
  index: SheetIndex;
  files: SheetFile[];
  thumbnailPng: Uint8Array;
  stats: DrawingStats;
}

export interface DrawingOptions {
  progress(stage: ConversionStage, fraction: number): void;
  checkAbort(): void;
}

const encoder = new TextEncoder();

function json(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

/** Limits above 1e10 or inverted are "unset" (LibreDWG and ezdxf write ±1e20 for empty ones). */
function sensibleLimits(limits: Drawing['spaces'][number]['limits']): boolean {
  if (!limits) return false;
  const { min, max } = limits;
  const values = [min.x, min.y, max.x, max.y];
  return (
    values.every((v) => Number.isFinite(v) && Math.abs(v) < 1e10) && max.x > min.x && max.y > min.y
  );
}

/** Drawing -> vector sheets; layouts with nothing drawn are left out (never a blank sheet). */
export function drawingSheets(
  drawing: Drawing,
  source: DrawingFormat,
  options: DrawingOptions,
): DrawingConversion {
  const flattener = new SheetFlattener(drawing);
  const sheets: SheetInfo[] = [];
  const files: SheetFile[] = [];
  let previewOfFirst: Uint8Array | null = null;
  let paths = 0;
  let texts = 0;
  drawing.spaces.forEach((space, position) => {
    options.checkAbort();
    let transform: Matrix = [1, 0, 0, 1, 0, 0];
    // Paper is millimetres: inches of an imperial drawing's layouts are scaled.
    const unitScale = space.kind === 'layout' && !drawing.metric ? 25.4 : 1;
    const paper = space.kind === 'layout' && sensibleLimits(space.limits) ? space.limits! : null;
    if (paper) transform = [1, 0, 0, 1, -paper.min.x, -paper.min.y];
    let build;
    try {
      build = flattener.flatten(space, transform, unitScale);
    } catch (error) {
      if (error instanceof TooManyPathsError) throw new TooLargeError(error.message);
      throw error;
    }
    if (build.paths.length === 0 && build.texts.length === 0) return;
    const bounds = build.bounds;
    const vector: VectorSheet = toVectorSheet(build, bounds);
    const width = paper ? (paper.max.x - paper.min.x) * unitScale : bounds[2] - bounds[0];
    const height = paper ? (paper.max.y - paper.min.y) * unitScale : bounds[3] - bounds[1];
    const id = `l${position}`;
    const info: SheetInfo = {
      id,
      name: space.name,
      index: sheets.length,
      kind: space.kind,
      width: Math.round(width * 1000) / 1000,
      height: Math.round(height * 1000) / 1000,
      units: space.kind === 'layout' ? 'mm' : unitsOf(drawing.insUnits),
      layers: flattener.layers,
      content: 'vector',
    };
    const frame: [number, number, number, number] = paper ? [0, 0, width, height] : bounds;
    const preview = renderVectorPreview(vector, frame);
    previewOfFirst ??= preview;
    sheets.push(info);
    paths += vector.paths.length;
    texts += vector.texts.length;
    files.push(
      { ...SHEET_FILES.vector(id), bytes: json(vector) },
      { ...SHEET_FILES.preview(id), bytes: preview },
    );
    options.progress('write', (position + 1) / drawing.spaces.length);
  });
  if (sheets.length === 0 || !previewOfFirst) throw new NoEntitiesError();
  // Every sheet lists every layer (a layer added while flattening a later sheet included).
  for (const sheet of sheets) sheet.layers = flattener.layers;
  const index: SheetIndex = { version: SHEETS_VERSION, source, sheets };
  files.unshift({ ...SHEET_FILES.index, bytes: json(index) });
  return {
    index,
    files,
    thumbnailPng: previewOfFirst,
    stats: {
      sheets: sheets.length,
      paths,
      texts,
      entities: entityCounts(drawing),
      skipped: drawing.skipped,
    },
  };
}

function decodeDxf(bytes: Uint8Array): string {
  if (
    bytes[0] === 0x41 &&
    new TextDecoder('latin1').decode(bytes.subarray(0, 18)) === 'AutoCAD Binary DXF'
  ) {
    throw new UnsupportedFormatError(
      'Binary DXF is not supported: save the drawing as ASCII DXF or as DWG.',
    );
  }
  // DXF R2007+ is UTF-8; older ones are in $DWGCODEPAGE (latin1 keeps every byte).
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

export async function convertDrawing(
  bytes: Uint8Array,
  format: DrawingFormat,
  options: DrawingOptions,
): Promise<DrawingConversion> {
  if (format === 'pdf') {
    options.progress('parse', 0);
    const pages = await readPdf(bytes, {
      checkAbort: options.checkAbort,
      progress: (fraction) => options.progress('parse', fraction),
    });
    options.progress('write', 0);
    const index: SheetIndex = {
      version: SHEETS_VERSION,
      source: 'pdf',
      sheets: pages.map((page) => page.info),
    };
    const files: SheetFile[] = [
      { ...SHEET_FILES.index, bytes: json(index) },
      { ...SHEET_FILES.pdf, bytes },
    ];
    for (const page of pages) {
      files.push(
        { ...SHEET_FILES.pdfText(page.info.id), bytes: json(page.text) },
        { ...SHEET_FILES.preview(page.info.id), bytes: page.previewPng },
      );
    }
    return {
      index,
      files,
      thumbnailPng: pages[0]!.previewPng,
      stats: {
        sheets: pages.length,
        paths: 0,
        texts: pages.reduce((sum, page) => sum + page.text.texts.length, 0),
        entities: {},
        skipped: {},
      },
    };
  }
  options.progress('parse', 0);
  const drawing = format === 'dwg' ? await readDwg(bytes) : readDxf(decodeDxf(bytes));
  options.progress('parse', 1);
  options.checkAbort();
  options.progress('geometry', 0);
  return drawingSheets(drawing, format, options);
}
