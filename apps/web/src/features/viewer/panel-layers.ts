import type { ReactNode } from 'react';
import type { Sheet } from '@truss/contracts';
import type { SheetViewer } from '@truss/viewer/sheet';

/**
 * What a side panel adds to the views (topics: markup): a layer over the 3D view, a layer over
 * the sheet shown, and one toolbar entry for each. The workspace and the sheet view both take
 * it, so it sits below both.
 */
export interface PanelLayers {
  view?: ReactNode;
  viewTool?: ReactNode;
  sheet?: (viewer: SheetViewer, sheet: Sheet) => ReactNode;
  sheetTool?: (sheet: Sheet) => ReactNode;
}
