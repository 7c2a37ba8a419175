/**
 * Storey plans carry an element per path: what a click on the sheet picks and how the elements
 * selected in 3D are drawn over it.
 */
import {
  drawVectorSheet,
  elementAtPoint,
  highlightOf,
  type SheetRect,
  type SheetView,
  type VectorSheet,
} from '@truss/viewable';
import type { Point } from './measure.ts';

/** A highlighted element (the 3D selection's blue). */
const HIGHLIGHT = '#2563eb';
/** CSS px of slack around a line for a click. */
const CLICK_SLACK = 4;

/**
 * The element under a click at `at` (sheet units) with `scale` CSS px per unit; undefined when
 * the sheet has no elements (a drawing), null when none is there.
 */
export function clickedElement(
  sheet: VectorSheet | null,
  at: Point,
  scale: number,
  visibility: readonly boolean[],
): number | null | undefined {
  if (!sheet?.paths.some((path) => path.element !== undefined)) return undefined;
  const shown = (layer: number) => visibility[layer] !== false;
  return elementAtPoint(sheet, at[0], at[1], CLICK_SLACK / scale, shown);
}

/** The highlighted elements' paths drawn again over the sheet in the selection's blue. */
export function drawHighlighted(
  ctx: CanvasRenderingContext2D,
  sheet: VectorSheet,
  elements: ReadonlySet<number>,
  view: SheetView,
  visibility: readonly boolean[],
  clip: SheetRect,
): void {
  if (elements.size === 0) return;
  // Two device pixels: a highlighted line reads over the plan's hairlines.
  drawVectorSheet(ctx, highlightOf(sheet, elements, HIGHLIGHT), {
    view,
    visibility,
    clip,
    hairline: 2,
  });
}
