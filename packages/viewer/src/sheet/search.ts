/**
 * Text search on a sheet: the vector sheet's texts or a PDF page's text runs, matched without
 * regard to case, width (NFKC: full-width Ｗ finds W) or runs of white space. A hit carries the
 * run's box as four corners in sheet units (rotation applied), for highlighting and zooming to.
 */
import type { SheetText } from '@truss/viewable';
import { isLayerShown } from './layers.ts';
import type { SheetRect } from './view.ts';

export interface SheetSearchHit {
  /** Index of the text in the list searched. */
  index: number;
  text: string;
  /** The run's box corners in sheet units, counter-clockwise from the lower left. */
  corners: [number, number][];
  /** The box around the corners. */
  bounds: SheetRect;
}

export function normalizeForSearch(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase().replace(/\s+/g, ' ').trim();
}

/** The four corners of a text's box, rotated about its lower-left corner. */
export function textCorners(text: SheetText): [number, number][] {
  const a = (text.rotation * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const local: [number, number][] = [
    [0, 0],
    [text.width, 0],
    [text.width, text.height],
    [0, text.height],
  ];
  return local.map(([u, v]) => [text.x + u * cos - v * sin, text.y + u * sin + v * cos]);
}

export function cornersBounds(corners: readonly [number, number][]): SheetRect {
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * The texts containing `query`, in reading order (top to bottom, then left to right), on shown
 * layers only when `visibility` is given. An empty query finds nothing.
 */
export function searchSheetTexts(
  texts: readonly SheetText[],
  query: string,
  visibility?: readonly boolean[],
): SheetSearchHit[] {
  const needle = normalizeForSearch(query);
  if (!needle) return [];
  const hits: SheetSearchHit[] = [];
  texts.forEach((text, index) => {
    if (visibility && !isLayerShown(visibility, text.layer)) return;
    if (!normalizeForSearch(text.text).includes(needle)) return;
    const corners = textCorners(text);
    hits.push({ index, text: text.text, corners, bounds: cornersBounds(corners) });
  });
  // Reading order: rows (by the box's top, within half a text height) from the top down.
  return hits.sort((a, b) => {
    const rowTolerance = Math.min(a.bounds[3] - a.bounds[1], b.bounds[3] - b.bounds[1]) / 2;
    if (Math.abs(a.bounds[3] - b.bounds[3]) > rowTolerance) return b.bounds[3] - a.bounds[3];
    return a.bounds[0] - b.bounds[0];
  });
}

/** One sheet's search: its texts (a PDF's runs arrive after the page), the query and its hits. */
export class SheetTextSearch {
  texts: readonly SheetText[] = [];
  query = '';
  hits: SheetSearchHit[] = [];
  /** The selected hit's index, -1 for none. */
  current = -1;

  reset(): void {
    this.texts = [];
    this.query = '';
    this.hits = [];
    this.current = -1;
  }

  run(query: string, visibility: readonly boolean[]): SheetSearchHit[] {
    this.query = query;
    this.hits = searchSheetTexts(this.texts, query, visibility);
    this.current = -1;
    return this.hits;
  }

  /** The texts or the shown layers changed: the query, if any, runs again. */
  refresh(visibility: readonly boolean[], texts = this.texts): void {
    this.texts = texts;
    if (this.query) this.run(this.query, visibility);
  }
}
