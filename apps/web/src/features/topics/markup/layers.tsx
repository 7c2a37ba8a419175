import type { PanelLayers } from '../../viewer';
import { MarkupButton } from './MarkupButton';
import { MarkupLayer } from './MarkupLayer';
import { MarkupToolbar } from './MarkupToolbar';
import type { MarkupTarget } from './markup-store';
import type { SheetViewer } from '@truss/viewer/sheet';
import { SheetPins } from './SheetPins';

const VIEW: MarkupTarget = { kind: 'view' };

function Overlay({ target, sheet }: { target: MarkupTarget; sheet?: SheetViewer }) {
  return (
    <>
      <MarkupLayer target={target} sheet={sheet} />
      {sheet && target.kind === 'sheet' && <SheetPins viewer={sheet} sheetId={target.sheetId} />}
      <div className="pointer-events-none absolute inset-x-0 top-14 z-20 flex justify-center px-2">
        <MarkupToolbar target={target} />
      </div>
    </>
  );
}

/**
 * Markup over the workspace's views, as a side panel's layers: over the 3D view (0..1 of it)
 * and over the sheet shown (in its units), each with its toolbar entry.
 */
export const markupLayers: PanelLayers = {
  view: <Overlay target={VIEW} />,
  viewTool: <MarkupButton target={VIEW} />,
  sheet: (viewer, sheet) => (
    <Overlay key={sheet.id} target={{ kind: 'sheet', sheetId: sheet.id }} sheet={viewer} />
  ),
  sheetTool: (sheet) => <MarkupButton target={{ kind: 'sheet', sheetId: sheet.id }} />,
};

/**
 * The same layers without the toolbar entries, for whoever may not draw (a share visitor
 * without issue rights): the opened topic's markup and the sheets' pins, shown, never edited.
 */
export const readOnlyMarkupLayers: PanelLayers = {
  view: markupLayers.view,
  sheet: markupLayers.sheet,
};
