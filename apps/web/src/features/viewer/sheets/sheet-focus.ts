import { useSyncExternalStore } from 'react';
import { fitSheet } from '@truss/viewable';

/** Sheet units, y up: [minX, minY, maxX, maxY]. */
export type SheetBounds = readonly [number, number, number, number];

/** A place asked to be shown: the sheet, and what on it to fit into the view. */
export interface SheetFocus {
  sheetId: string;
  bounds: SheetBounds;
  /** Bumped per request: asking for the same place again shows it again. */
  seq: number;
}

/**
 * Requests to show a place on a sheet (a topic's "Show view"): the workspace opens the sheet
 * (a storey plan beside the 3D view, the sheets region on a phone) and the sheet view fits the
 * place once the sheet is drawn. One per page, as the page shows one workspace.
 */
class SheetFocusStore {
  #focus: SheetFocus | null = null;
  /** The last request a sheet view has shown: a view mounted later does not show it again. */
  #shown = 0;
  readonly #listeners = new Set<() => void>();

  get = (): SheetFocus | null => this.#focus;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Not shown yet (a sheet view mounting later, for a plan opened by it, still shows it). */
  waiting(focus: SheetFocus): boolean {
    return focus.seq > this.#shown;
  }

  shown(focus: SheetFocus): void {
    this.#shown = Math.max(this.#shown, focus.seq);
  }

  request(sheetId: string, bounds: SheetBounds): void {
    this.#focus = { sheetId, bounds, seq: (this.#focus?.seq ?? 0) + 1 };
    for (const listener of this.#listeners) listener();
  }
}

export const sheetFocus = new SheetFocusStore();

export function useSheetFocus(): SheetFocus | null {
  return useSyncExternalStore(sheetFocus.subscribe, sheetFocus.get);
}

/**
 * The view (`SheetViewer.setView`) showing `bounds` on a sheet of `sheetSize` in a width x height
 * canvas: the bounds grown by a fifth of their size, and to at least a tenth of the sheet's
 * longer side (a lone pin shows its surroundings), fitted with a 24 px margin.
 */
export function focusView(
  bounds: SheetBounds,
  sheetSize: { width: number; height: number },
  width: number,
  height: number,
) {
  const [minX, minY, maxX, maxY] = bounds;
  const least = Math.max(sheetSize.width, sheetSize.height) / 10;
  const w = Math.max((maxX - minX) * 1.2, least);
  const h = Math.max((maxY - minY) * 1.2, least);
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const margin = Math.min(24, Math.min(width, height) / 8);
  return fitSheet([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], width, height, margin);
}
