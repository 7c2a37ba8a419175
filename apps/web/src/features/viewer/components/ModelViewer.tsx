import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { toast } from '../../../lib/toast';
import type { EarlyView } from '../boot/early-viewer';
import type { LoadedModelInfo, Viewer, Viewpoint } from '../engine';
import { createElementTree } from '../tree';
import { useViewer } from '../useViewer';
import { saveBlob, useViewerCommands } from '../useViewerCommands';
import { useViewerChrome } from '../useViewerChrome';
import { useViewerLoad } from '../useViewerLoad';
import { useViewerSnapshot } from '../useViewerSnapshot';
import { useViewerPanels } from '../useViewerPanels';
import { useViewInsets } from '../useViewInsets';
import { useViewpointSync } from '../useViewpointSync';
import { ModelTreePanel } from './ModelTreePanel';
import { PanelHeader } from './PanelHeader';
import { PropertiesPanel } from './PropertiesPanel';
import { ViewerAnnouncer } from './ViewerAnnouncer';
import { ShortcutHelp } from './ShortcutHelp';
import { SidePanelAside, SidePanelButton } from './SidePanel';
import { ColorLegend, LoadOverlay, MeasurementList } from './ViewerOverlays';
import { ViewerToolbar, type ScreenshotSize } from './ViewerToolbar';
import { WalkHint } from './WalkHint';

export interface ModelViewerProps {
  /** URL of the viewable (.glb). */
  glbUrl: string;
  /** URL of the metadata (element table, tree, properties); without it no tree or properties. */
  metadataUrl?: string | null;
  /** Credentials/headers for both fetches. Keep the reference stable: a new one reloads. */
  requestInit?: RequestInit;
  /** Embedded (iframe, share embed): the 3D view and its toolbar only, no panels or header. */
  embed?: boolean;
  /** Applied once the model has loaded (camera, sections, visibility, selection, colours). */
  initialViewpoint?: Viewpoint | null;
  /** The view changed (debounced). */
  onViewpointChange?: (viewpoint: Viewpoint) => void;
  /** The model and its metadata finished loading (after the initial viewpoint is applied). */
  onLoaded?: (info: LoadedModelInfo) => void;
  header?: ReactNode;
  /** Extra buttons at the end of the toolbar. */
  toolbarExtra?: ReactNode;
  /** More toolbar buttons that drive the engine (saved views), once it exists. */
  toolbarTools?: (viewer: Viewer) => ReactNode;
  /** Base of downloaded file names (screenshots). */
  title?: string;
  /** The model page's early view (features/viewer/boot): its engine and load are taken over. */
  earlyView?: EarlyView | null;
  /**
   * A further panel on the right (topics), toggled from the toolbar; also shown when embedded.
   * `render` gets the engine and the loaded model (null until loaded).
   */
  sidePanel?: {
    label: string;
    initiallyOpen?: boolean;
    render: (viewer: Viewer | null, info: LoadedModelInfo | null) => ReactNode;
  };
}

/** The engine's screenshot size for a choice: the view's own (full pixel ratio), 2x, or fixed. */
function screenshotOptions(size: ScreenshotSize, host: HTMLElement | null) {
  if (size === 'view' || !host) return {};
  if (size === '2x') return { width: host.clientWidth * 2, height: host.clientHeight * 2 };
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}

/**
 * The viewer workspace: the 3D view with its toolbar, the model tree on the left and the
 * properties on the right, keyboard shortcuts and load progress. Knows nothing about projects or
 * sign-in (the share page uses it too): it gets URLs and reports viewpoints.
 */
export function ModelViewer({
  glbUrl,
  metadataUrl,
  requestInit,
  embed = false,
  initialViewpoint,
  onViewpointChange,
  onLoaded,
  header,
  toolbarExtra,
  toolbarTools,
  title,
  earlyView,
  sidePanel,
}: ModelViewerProps) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  const workspaceRef = useRef<HTMLDivElement>(null);
  const viewer = useViewer(hostRef, {
    early: earlyView ? { view: earlyView, glb: glbUrl } : null,
    label: t('viewer.canvas'),
  });
  const [attempt, setAttempt] = useState(0);
  const load = useViewerLoad(
    viewer,
    {
      glb: glbUrl,
      ...(metadataUrl ? { metadata: metadataUrl } : {}),
      ...(requestInit ? { requestInit } : {}),
    },
    attempt,
    earlyView,
  );
  const metadata = load.info?.metadata ?? null;
  const tree = useMemo(() => (metadata ? createElementTree(metadata) : null), [metadata]);
  const [snapshot, refresh] = useViewerSnapshot(viewer);
  useViewInsets(viewer, workspaceRef);
  const { commands, edges, setEdges, legend } = useViewerCommands(
    viewer,
    metadata,
    load.info,
    refresh,
  );
  const { helpOpen, setHelpOpen } = useViewerChrome(viewer, commands);
  const [treeFocus, setTreeFocus] = useState<{ id: number; size: number } | null>(null);
  const {
    panelWidth,
    narrow,
    treeOpen,
    propertiesOpen,
    sideOpen,
    toggleTree,
    toggleProperties,
    toggleSide,
  } = useViewerPanels(viewer, { embed, sideInitiallyOpen: !!sidePanel?.initiallyOpen });

  useEffect(() => {
    viewer?.navigation.setViewCubeVisible(!embed);
  }, [viewer, embed]);

  // Once loaded: restore the viewpoint, then report every change (debounced).
  const loadedInfo = load.phase === 'loaded' ? load.info : null;
  useViewpointSync(viewer, loadedInfo, {
    initialViewpoint,
    onViewpointChange,
    onLoaded,
    refresh,
    setEdges,
  });

  const screenshot = useCallback(
    (size: ScreenshotSize) => {
      if (!viewer) return;
      viewer
        .screenshot(screenshotOptions(size, hostRef.current))
        .then((blob) => {
          const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
          saveBlob(blob, `${(title || 'model').replace(/[\\/:*?"<>|]+/g, '_')}-${stamp}.png`);
        })
        .catch((error: unknown) => {
          console.error('[viewer] screenshot failed', error);
          toast.error(t('viewer.screenshotFailed'));
        });
    },
    [viewer, title, t],
  );

  const selection = snapshot.selection;
  const propertiesId =
    selection.length === 1
      ? selection[0]!
      : treeFocus && selection.length === treeFocus.size && selection.includes(treeFocus.id)
        ? treeFocus.id
        : null;

  // Beside the view; on a phone a bottom sheet over the lower part of the view.
  const panelClass = (side: 'left' | 'right') =>
    narrow
      ? 'absolute inset-x-0 bottom-0 z-20 flex h-[55%] min-h-0 flex-col rounded-t-2xl border-t border-gray-200 bg-white shadow-[0_-8px_24px_rgba(0,0,0,0.12)]'
      : clsx(
          'relative flex min-h-0 shrink-0 flex-col bg-white',
          side === 'left' ? 'border-r border-gray-200' : 'border-l border-gray-200',
        );
  // A sheet lies over the view: fits frame what it leaves free (useViewInsets).
  const panelCovers = narrow ? { 'data-covers-view': '' } : {};

  // Beside the view, as wide as the model page's layout says (the early view's canvas went there).
  const panelStyle = narrow ? undefined : { width: panelWidth };

  const panelHeader = (label: string, onClose: () => void) => (
    <PanelHeader label={label} onClose={onClose} />
  );

  return (
    <div className="flex h-full min-h-0 w-full flex-col bg-gray-100">
      {!embed && header}
      <div ref={workspaceRef} className="relative flex min-h-0 flex-1">
        {!embed && treeOpen && (
          <aside
            className={panelClass('left')}
            style={panelStyle}
            {...panelCovers}
            aria-label={t('viewer.tree.title')}
          >
            {panelHeader(t('viewer.tree.title'), toggleTree)}
            {viewer && metadata && tree ? (
              <ModelTreePanel
                viewer={viewer}
                metadata={metadata}
                tree={tree}
                selection={selection}
                hidden={snapshot.hidden}
                isolated={snapshot.isolated}
                onFocusNode={(id, size) => setTreeFocus({ id, size })}
              />
            ) : (
              <p className="p-4 text-sm text-gray-500">
                {load.phase === 'loaded'
                  ? t('viewer.tree.none')
                  : load.phase === 'error'
                    ? t('viewer.load.failed')
                    : t('viewer.tree.loading')}
              </p>
            )}
          </aside>
        )}
        <div className="relative min-w-0 flex-1 overflow-hidden">
          {/* The engine's canvas and overlay go in here (useViewer). */}
          <div ref={hostRef} className="absolute inset-0" />
          <LoadOverlay
            viewer={viewer}
            phase={load.phase}
            onRetry={() => setAttempt((n) => n + 1)}
          />
          <div className="pointer-events-none absolute top-3 left-3 z-10 flex flex-col gap-2">
            {viewer && (
              <MeasurementList
                viewer={viewer}
                measurements={snapshot.measurements}
                selected={snapshot.selectedMeasurement}
              />
            )}
          </div>
          <WalkHint walking={snapshot.walking} />
          {legend && commands && (
            <div className="pointer-events-none absolute right-3 bottom-20 z-10">
              <ColorLegend
                title={legend.title}
                entries={legend.entries}
                onClose={commands.clearColors}
              />
            </div>
          )}
          {commands && load.phase !== 'error' && (
            <div className="pointer-events-none absolute inset-x-0 bottom-3 z-10 flex justify-center px-2">
              <ViewerToolbar
                commands={commands}
                snapshot={snapshot}
                edges={edges}
                colored={!!legend}
                treeOpen={!embed && treeOpen}
                propertiesOpen={!embed && propertiesOpen}
                onToggleTree={toggleTree}
                onTogglePropertiesPanel={toggleProperties}
                onScreenshot={screenshot}
                onHelp={() => setHelpOpen(true)}
                panels={!embed}
                extra={
                  <>
                    {viewer && toolbarTools?.(viewer)}
                    {toolbarExtra}
                    {sidePanel && (
                      <SidePanelButton
                        label={sidePanel.label}
                        open={sideOpen}
                        onToggle={toggleSide}
                      />
                    )}
                  </>
                }
              />
            </div>
          )}
        </div>
        {!embed && propertiesOpen && (
          <aside
            className={panelClass('right')}
            style={panelStyle}
            {...panelCovers}
            aria-label={t('viewer.properties.title')}
          >
            {panelHeader(t('viewer.properties.title'), toggleProperties)}
            <PropertiesPanel
              metadata={metadata}
              elementId={propertiesId}
              selection={selection}
              loaded={load.phase === 'loaded'}
              onColorBy={commands?.colorBy}
            />
          </aside>
        )}
        {sidePanel && sideOpen && (
          <SidePanelAside
            label={sidePanel.label}
            className={panelClass('right')}
            style={panelStyle}
            onClose={toggleSide}
          >
            {sidePanel.render(viewer, loadedInfo)}
          </SidePanelAside>
        )}
      </div>
      <ShortcutHelp open={helpOpen} onOpenChange={setHelpOpen} />
      <ViewerAnnouncer snapshot={snapshot} />
    </div>
  );
}
