import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { AlertCircle } from 'lucide-react';
import type { Sheet } from '@truss/contracts';
import { Spinner } from '../../../components/ui/Spinner';
import { PanelHeader } from '../components/PanelHeader';
import { MODEL_PAGE_LAYOUT } from '../model-page-layout';
import { SheetPanel } from './SheetPanel';
import { SheetSearch } from './SheetSearch';
import { CalibrateForm, SheetMeasurements } from './SheetMeasurements';
import { SheetToolbar } from './SheetToolbar';
import { sheetSource } from './sheet-source';
import { useSheetViewer } from './useSheetViewer';
import { focusView, sheetFocus, useSheetFocus, type SheetFocus } from './sheet-focus';
import type { PanelLayers } from '../panel-layers';

/** The sheets a workspace shows beside (or instead of) its 3D view. */
export interface WorkspaceSheets {
  sheets: readonly Sheet[];
  requestInit?: RequestInit;
  /** The page's buttons at the end of the sheet toolbar (a drawing's Compare). */
  toolbarExtra?: ReactNode;
  /** The sheet shown first (default the first one): a storey plan opens on the camera's storey. */
  initialSheet?: string;
  /** Storey plans: a click on an element drawn on the sheet (null: on none). */
  onElementClick?: (element: number | null) => void;
  /** Storey plans: elements drawn highlighted (the 3D selection). */
  highlighted?: readonly number[];
}

/** A signed URL without its expiry and signature: the same content. */
const contentKey = (url: string) => url.replace(/[?&](exp|sig)=[^&]*/g, '');

/**
 * The sheet view: the sheet engine's canvas with its toolbar, search and measurements, and the
 * panel of sheets (thumbnails) and layers (beside it, or a bottom sheet on a phone).
 */
export function SheetView({
  sheets,
  requestInit,
  toolbarExtra,
  initialSheet,
  onElementClick,
  highlighted,
  narrow,
  layers,
}: WorkspaceSheets & {
  /** A side panel's layer over the sheet and its toolbar entry (markup). */
  layers?: Pick<PanelLayers, 'sheet' | 'sheetTool'>;
  /** A phone: the panel is a bottom sheet over the view and starts closed. */
  narrow: boolean;
}) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  const [picked, setPicked] = useState<string | null>(initialSheet ?? null);
  const sheet = sheets.find((s) => s.id === picked) ?? sheets[0] ?? null;
  const key = sheet ? `${sheet.id}\n${contentKey(sheet.content_url)}` : null;
  // A refetch signs the URLs anew: the same sheet is not loaded again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const source = useMemo(() => (sheet ? sheetSource(sheet) : null), [key]);
  const { viewer, snapshot, update, search } = useSheetViewer(hostRef, source, requestInit);
  const [panelOpen, setPanelOpen] = useState(!narrow);
  // A place asked to be shown (a topic's Show view): its sheet, then the place fitted once drawn.
  const focus = useSheetFocus();
  const [pending, setPending] = useState<SheetFocus | null>(null);
  useEffect(() => {
    if (!focus || !sheetFocus.waiting(focus) || !sheets.some((s) => s.id === focus.sheetId)) return;
    setPending(focus);
    setPicked(focus.sheetId);
  }, [focus, sheets]);
  useEffect(() => {
    if (!viewer || !pending || !sheet) return;
    if (snapshot.state !== 'loaded' || snapshot.sheetId !== pending.sheetId) return;
    // Squeezed beside the 3D view and panels, the sheet list gives the place its room.
    if (panelOpen && (hostRef.current?.clientWidth ?? 0) < 320) setPanelOpen(false);
    // A sheet view just opened (a plan beside the 3D view) may not be sized yet: the engine's
    // size, not the element's, is what its view is in (a later resize keeps the centre).
    let frame = 0;
    const apply = () => {
      const { canvasWidth, canvasHeight, pixelRatio } = viewer.renderStats();
      if (canvasWidth < 2 * pixelRatio || canvasHeight < 2 * pixelRatio) {
        frame = requestAnimationFrame(apply);
        return;
      }
      const [width, height] = [canvasWidth / pixelRatio, canvasHeight / pixelRatio];
      viewer.setView(focusView(pending.bounds, sheet, width, height));
      sheetFocus.shown(pending);
      setPending(null);
    };
    apply();
    return () => cancelAnimationFrame(frame);
  }, [viewer, pending, sheet, snapshot.state, snapshot.sheetId, panelOpen]);
  // The thumbnails wait for the first sheet (SheetPanel), and stay once shown.
  const [thumbnails, setThumbnails] = useState(false);
  if (!thumbnails && snapshot.state !== 'loading') setThumbnails(true);
  useEffect(
    () =>
      viewer && onElementClick
        ? viewer.on('elementclick', (e) => onElementClick(e.element))
        : undefined,
    [viewer, onElementClick],
  );
  useEffect(() => viewer?.setHighlighted(highlighted ?? []), [viewer, highlighted]);
  const panelLabel = t('viewer.sheets.panel');

  return (
    <div className="relative flex min-h-0 min-w-0 flex-1" data-sheet-view="">
      {panelOpen && (
        <aside
          aria-label={panelLabel}
          {...(narrow ? { 'data-covers-view': '' } : {})}
          className={
            narrow
              ? 'absolute inset-x-0 bottom-0 z-20 flex h-[55%] min-h-0 flex-col rounded-t-2xl border-t border-gray-200 bg-white shadow-[0_-8px_24px_rgba(0,0,0,0.12)]'
              : 'relative flex min-h-0 shrink-0 flex-col border-r border-gray-200 bg-white'
          }
          // As wide as the drawing page's boot placed its early sheet (model-page-layout.ts).
          style={narrow ? undefined : { width: MODEL_PAGE_LAYOUT.sheetPanelWidth }}
        >
          <PanelHeader label={panelLabel} onClose={() => setPanelOpen(false)} />
          <SheetPanel
            sheets={sheets}
            thumbnails={thumbnails}
            current={sheet?.id ?? null}
            onPick={(id) => {
              setPicked(id);
              if (narrow) setPanelOpen(false);
            }}
            layers={snapshot.layers}
            onToggleLayer={(name, visible) => {
              viewer?.setLayerVisible(name, visible);
              update();
            }}
            onAllLayers={(visible) => {
              for (const layer of snapshot.layers) viewer?.setLayerVisible(layer.name, visible);
              update();
            }}
          />
        </aside>
      )}
      <div className="relative min-w-0 flex-1 overflow-hidden bg-gray-200">
        <div ref={hostRef} className="absolute inset-0" />
        {snapshot.state === 'loading' && (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
            <Spinner className="size-6 text-brand-600" label={t('viewer.sheets.loading')} />
          </div>
        )}
        {snapshot.state === 'error' && (
          <div role="alert" className="absolute inset-0 flex items-center justify-center p-4">
            <div className="flex items-center gap-2 rounded-xl border border-red-200 bg-white px-4 py-3 text-sm text-red-700 shadow">
              <AlertCircle className="size-4" aria-hidden />
              {t('viewer.sheets.loadFailed')}
            </div>
          </div>
        )}
        {viewer && sheet && layers?.sheet?.(viewer, sheet)}
        {viewer && (
          <>
            <div className="pointer-events-none absolute top-3 left-3 z-10">
              <SheetMeasurements viewer={viewer} snapshot={snapshot} />
            </div>
            <div
              className={clsx(
                'pointer-events-none absolute top-3 right-3 z-10',
                narrow && 'left-3 flex justify-end',
              )}
            >
              <SheetSearch viewer={viewer} snapshot={snapshot} onSearch={search} />
            </div>
            {snapshot.calibrating && (
              <div className="pointer-events-none absolute inset-x-0 top-16 z-20 flex justify-center px-3">
                <CalibrateForm viewer={viewer} onDone={update} />
              </div>
            )}
            <div className="pointer-events-none absolute inset-x-0 bottom-3 z-10 flex justify-center px-2">
              <SheetToolbar
                viewer={viewer}
                kind={sheet?.kind ?? 'page'}
                snapshot={snapshot}
                panelOpen={panelOpen}
                onTogglePanel={() => setPanelOpen((open) => !open)}
                onChanged={update}
                extra={
                  <>
                    {sheet ? layers?.sheetTool?.(sheet) : null}
                    {toolbarExtra}
                  </>
                }
              />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
