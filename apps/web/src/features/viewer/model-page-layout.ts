/**
 * The model page's frame, in one place: the page draws its header (ModelDetailPage) and side
 * panels (ModelViewer) with these numbers, and the early view (boot/) places its canvas by them
 * before the app exists, so the view does not move when the page takes it over (the e2e test
 * `viewer-early` checks). No imports: this module is part of the app's entry.
 */
export const MODEL_PAGE_LAYOUT = {
  /** The page's header above the workspace. */
  headerHeight: 48,
  /** Below this window width the side panels start closed and cover the view when opened. */
  narrowBelow: 768,
  /** The tree and properties panels beside the view, by window width (widest first). */
  panelWidths: [
    { from: 1536, width: 320 },
    { from: 1280, width: 288 },
    { from: 0, width: 256 },
  ],
  /** A drawing's sheet list beside its sheet view (SheetView), where the panels fit. */
  sheetPanelWidth: 256,
  /**
   * How far up from the view's bottom the 3D view's toolbar reaches at every width: its 42 px
   * row 12 px above the edge (ViewerWorkspace, `bottom-3`). The early view fits the model into
   * the rest before the toolbar exists, so the page's own measurement (useViewInsets) finds the
   * same and the model does not move when the toolbar appears.
   */
  toolbarBand: 54,
} as const;

interface ViewArea {
  top: number;
  /** Width of each side panel (0 when the panels are closed on a narrow screen). */
  panel: number;
}

/** Where the 3D view sits in a window this wide, with both side panels open. */
export function modelViewArea(windowWidth: number): ViewArea {
  const { headerHeight, narrowBelow, panelWidths } = MODEL_PAGE_LAYOUT;
  if (windowWidth < narrowBelow) return { top: headerHeight, panel: 0 };
  const panel = panelWidths.find((step) => windowWidth >= step.from)!.width;
  return { top: headerHeight, panel };
}

/** What the model page's toolbar covers of its 3D view (the engine's view insets), in CSS px. */
export function modelViewInsets(): { top: number; right: number; bottom: number; left: number } {
  return { top: 0, right: 0, bottom: MODEL_PAGE_LAYOUT.toolbarBand, left: 0 };
}

/**
 * Where a drawing's sheet view sits in a window this wide: its sheet list on the left and its
 * issues panel (open at first) on the right where the panels fit, over the view on a phone. The
 * drawing page's boot draws the first sheet there (boot/drawing).
 */
export function drawingViewArea(windowWidth: number): { top: number; left: number; right: number } {
  const { top, panel } = modelViewArea(windowWidth);
  return { top, left: panel > 0 ? MODEL_PAGE_LAYOUT.sheetPanelWidth : 0, right: panel };
}

/** The window widths at which `modelViewArea` changes. */
export const MODEL_PAGE_BREAKPOINTS: readonly number[] = [
  MODEL_PAGE_LAYOUT.narrowBelow,
  ...MODEL_PAGE_LAYOUT.panelWidths.map((step) => step.from).filter((from) => from > 0),
];
