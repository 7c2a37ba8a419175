import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { LoadedModelInfo, Vec3, Viewer, Viewpoint } from '../engine';
import { useScreenshot } from '../useScreenshot';
import { useViewerCommands } from '../useViewerCommands';
import { useViewerChrome } from '../useViewerChrome';
import { usePageReadyMark, type ViewerLoadPhase } from '../useViewerLoad';
import { useViewerSnapshot } from '../useViewerSnapshot';
import { useViewerPanels } from '../useViewerPanels';
import { useViewInsets } from '../useViewInsets';
import { useViewpointSync } from '../useViewpointSync';
import { ShortcutHelp } from './ShortcutHelp';
import { SidePanelAside, SidePanelButton } from './SidePanel';
import { ViewerAnnouncer } from './ViewerAnnouncer';
import { MeasurementList } from './MeasurementList';
import { ColorLegend, LoadOverlay } from './ViewerOverlays';
import { ViewerToolbar } from './ViewerToolbar';
import { WalkHint } from './WalkHint';
import { RegionSwitch } from '../sheets/SheetLayout';
import type { WorkspaceSheets } from '../sheets/SheetView';
import type { PanelLayers } from '../panel-layers';
import { useWorkspaceSheets } from '../plans/useWorkspaceSheets';
import {
  modelMetadata,
  useModelSwitch,
  WorkspaceProperties,
  WorkspaceTree,
  type WorkspaceModel,
} from './WorkspacePanels';

export type { WorkspaceModel } from './WorkspacePanels';
export type { WorkspaceSheets } from '../sheets/SheetView';
export type { PanelLayers } from '../panel-layers';

/** The workspace's further panel on the right (topics, the compare page's changes). */
interface WorkspaceSidePanel {
  label: string;
  /** The toolbar button's icon (a speech bubble by default: topics). */
  icon?: LucideIcon;
  initiallyOpen?: boolean;
  render: (viewer: Viewer | null) => ReactNode;
  /**
   * What the panel adds to the views (topics: markup): a layer over the 3D view, a layer over
   * the sheet shown, and one toolbar entry for each.
   */
  layers?: PanelLayers;
}

interface ViewerWorkspaceProps {
  /** The element the wrapper's `useViewer` puts the engine's canvas in (rendered here). */
  hostRef: RefObject<HTMLDivElement | null>;
  viewer: Viewer | null;
  /**
   * The models in the view, in the panels' order, each with what has loaded. One model: its tree
   * and properties (with colour by). Several: a tab per model in the tree, the properties of
   * whichever model the selected element is in.
   */
  models: readonly WorkspaceModel[];
  /** A tab per model in the tree even with one model (the federated page's way). */
  modelTabs?: boolean;
  /** The load's phase: overlays, the toolbar (not on an error), the panels' placeholders. */
  phase: ViewerLoadPhase;
  onRetry: () => void;
  /** Instead of the load progress and failure overlay (the compare page says its own). */
  overlay?: ReactNode;
  /** Embedded (iframe, share embed): the 3D view and its toolbar only, no panels or header. */
  embed?: boolean;
  header?: ReactNode;
  /** The workspace's height: the page's (`h-full`, default) or the window's (`h-dvh`). */
  className?: string;
  /** Extra buttons at the end of the toolbar. */
  toolbarExtra?: ReactNode;
  /** More toolbar buttons that drive the engine (saved views), once it exists. */
  toolbarTools?: (viewer: Viewer) => ReactNode;
  /**
   * The toolbar's markup group (after measuring), once the engine exists: the extension point
   * for drawing tools; nothing is shown when it gives nothing.
   */
  toolbarMarkup?: (viewer: Viewer) => ReactNode;
  /** A screenshot's file name, asked when one is taken. */
  screenshotName: () => string;
  /** Whether the tree and properties start open where they fit beside the view (default). */
  panelsInitiallyOpen?: boolean;
  /** Applied once loaded (camera, sections, visibility, selection, colours). */
  initialViewpoint?: Viewpoint | null;
  /** The view changed (debounced), once loaded. */
  onViewpointChange?: (viewpoint: Viewpoint) => void;
  /** Everything finished loading (after the initial viewpoint is applied): the scene's info. */
  onLoaded?: (info: LoadedModelInfo) => void;
  /** A further panel on the right, toggled from the toolbar; also shown when embedded. */
  sidePanel?: WorkspaceSidePanel;
  /**
   * Drawing sheets: beside the 3D view on a wide screen, switched with it on a phone. With
   * `sheetsOnly` (a PDF, DXF or DWG file) there is no 3D view, tree or properties.
   */
  sheets?: WorkspaceSheets;
  sheetsOnly?: boolean;
  /**
   * The model's storey plans (an IFC model): a minimap over the 3D view, and the plans in the
   * sheet view beside it when asked for from the toolbar. One model only.
   */
  plans?: WorkspaceSheets;
}

/** The scene's info: the first model's, with the box around every loaded model. */
function sceneInfo(infos: readonly LoadedModelInfo[]): LoadedModelInfo | null {
  const [first] = infos;
  if (!first) return null;
  if (infos.length === 1) return first;
  const min = [...first.bbox[0]] as Vec3;
  const max = [...first.bbox[1]] as Vec3;
  for (const info of infos)
    for (let axis = 0; axis < 3; axis++) {
      min[axis] = Math.min(min[axis]!, info.bbox[0][axis]!);
      max[axis] = Math.max(max[axis]!, info.bbox[1][axis]!);
    }
  return { ...first, bbox: [min, max] };
}

/**
 * The viewer workspace, for one model or several: the 3D view with its toolbar, the model tree
 * on the left, the properties and a further panel on the right (bottom sheets on a phone, one at
 * a time), keyboard shortcuts, the walk hint, the screen-reader announcer and the load overlay.
 * The wrappers (ModelViewer, FederatedViewer, the compare page) make the engine (`useViewer`),
 * load their models into it and say what differs. Knows nothing about projects or sign-in.
 *
 * The 3D view is one region of the row between the panels: another view of the same models (a
 * drawing sheet) can sit beside it there and share the panels.
 */
export function ViewerWorkspace({
  hostRef,
  viewer,
  models,
  modelTabs = false,
  phase,
  onRetry,
  overlay,
  embed = false,
  header,
  className = 'h-full',
  toolbarExtra,
  toolbarTools,
  toolbarMarkup,
  screenshotName,
  panelsInitiallyOpen = true,
  initialViewpoint,
  onViewpointChange,
  onLoaded,
  sidePanel,
  sheets,
  sheetsOnly = false,
  plans,
}: ViewerWorkspaceProps) {
  const { t } = useTranslation();
  const workspaceRef = useRef<HTMLDivElement>(null);
  const several = modelTabs || models.length > 1;
  const [snapshot, refresh] = useViewerSnapshot(viewer);
  useViewInsets(viewer, workspaceRef);
  const infos = useMemo(() => models.flatMap((m) => (m.info ? [m.info] : [])), [models]);
  const scene = useMemo(() => sceneInfo(infos), [infos]);
  // Colour by reads one model's metadata: not offered across models.
  const metadata = several ? null : modelMetadata(models[0]);
  const { commands, edges, setEdges, legend } = useViewerCommands(viewer, metadata, scene, refresh);
  usePageReadyMark(!!commands && (metadata !== null || phase === 'loaded'));
  const { helpOpen, setHelpOpen } = useViewerChrome(viewer, commands);
  const [treeFocus, setTreeFocus] = useState<{ id: number; size: number } | null>(null);
  const switcher = useModelSwitch(viewer, models, refresh);
  const panels = useViewerPanels(viewer, {
    embed,
    sideInitiallyOpen: !!sidePanel?.initiallyOpen,
    panelsInitiallyOpen,
  });

  useEffect(() => viewer?.navigation.setViewCubeVisible(!embed), [viewer, embed]);
  // Once loaded: restore the viewpoint, then report every change (debounced).
  useViewpointSync(viewer, phase === 'loaded' ? scene : null, {
    initialViewpoint,
    onViewpointChange,
    onLoaded,
    refresh,
    setEdges,
  });

  const screenshot = useScreenshot(viewer, hostRef, screenshotName);
  const { layout, sheetRegion, planToggles, minimap } = useWorkspaceSheets({
    ...{ viewer, plans, sheets, sheetsOnly, embed },
    layers: sidePanel?.layers,
    narrow: panels.narrow,
    loaded: phase === 'loaded',
    info: several ? null : (models[0]?.info ?? null),
  });
  const toolbarEnd = (
    <ToolbarEnd
      {...{ viewer, toolbarTools, toolbarExtra, sidePanel }}
      sideOpen={panels.sideOpen}
      onToggleSide={panels.toggleSide}
    />
  );

  const panelClass = (side: 'left' | 'right') => workspacePanelClass(panels.narrow, side);
  // Beside the view, as wide as the model page's layout says (the early view's canvas went there).
  const panelStyle = panels.narrow ? undefined : { width: panels.panelWidth };
  const treeLabel = several ? t('federation.models') : t('viewer.tree.title');

  return (
    <div className={clsx('flex min-h-0 w-full flex-col bg-gray-100', className)}>
      {!embed && header}
      <div ref={workspaceRef} className="relative flex min-h-0 flex-1">
        {layout.switching && (
          <div className="pointer-events-none absolute inset-x-0 top-2 z-30 flex justify-center">
            <RegionSwitch value={layout.phoneRegion} onChange={layout.setPhoneRegion} />
          </div>
        )}
        {!embed && layout.show3d && panels.treeOpen && (
          <WorkspaceTree
            label={treeLabel}
            className={panelClass('left')}
            style={panelStyle}
            covers={panels.narrow}
            onClose={panels.toggleTree}
            {...{ viewer, models, several, phase, snapshot, switcher }}
            onFocusNode={(id, size) => setTreeFocus({ id, size })}
          />
        )}
        {layout.mount3d && (
          <WorkspaceView
            hidden={!layout.show3d}
            {...{ hostRef, viewer, phase, onRetry, overlay, snapshot, legend, minimap }}
            layer={sidePanel?.layers?.view}
            onClearColors={commands?.clearColors}
            toolbar={
              commands && (
                <ViewerToolbar
                  commands={commands}
                  snapshot={snapshot}
                  edges={edges}
                  colored={!!legend}
                  treeOpen={!embed && panels.treeOpen}
                  propertiesOpen={!embed && panels.propertiesOpen}
                  onToggleTree={panels.toggleTree}
                  onTogglePropertiesPanel={panels.toggleProperties}
                  onScreenshot={screenshot}
                  onHelp={() => setHelpOpen(true)}
                  panels={!embed}
                  markup={viewer && toolbarMarkup?.(viewer)}
                  navigateToggles={planToggles}
                  extra={toolbarEnd}
                />
              )
            }
          />
        )}
        {sheetRegion}
        {!embed && layout.show3d && panels.propertiesOpen && (
          <SidePanelAside
            label={t('viewer.properties.title')}
            className={panelClass('right')}
            style={panelStyle}
            covers={panels.narrow}
            onClose={panels.toggleProperties}
          >
            <WorkspaceProperties
              {...{ viewer, models, several, phase, snapshot, treeFocus }}
              onColorBy={commands?.colorBy}
            />
          </SidePanelAside>
        )}
        {sidePanel && panels.sideOpen && (
          <SidePanelAside
            label={sidePanel.label}
            className={panelClass('right')}
            style={panelStyle}
            covers={panels.narrow}
            onClose={panels.toggleSide}
          >
            {sidePanel.render(viewer)}
          </SidePanelAside>
        )}
      </div>
      <ShortcutHelp open={helpOpen} onOpenChange={setHelpOpen} />
      <ViewerAnnouncer snapshot={snapshot} />
    </div>
  );
}

/** The toolbar's last buttons: the pages' tools and extras, the side panel's toggle. */
function ToolbarEnd({
  viewer,
  toolbarTools,
  toolbarExtra,
  sidePanel,
  sideOpen,
  onToggleSide,
}: Pick<ViewerWorkspaceProps, 'viewer' | 'toolbarTools' | 'toolbarExtra' | 'sidePanel'> & {
  sideOpen: boolean;
  onToggleSide: () => void;
}) {
  return (
    <>
      {viewer && toolbarTools?.(viewer)}
      {toolbarExtra}
      {sidePanel?.layers?.viewTool}
      {sidePanel && (
        <SidePanelButton
          label={sidePanel.label}
          icon={sidePanel.icon}
          open={sideOpen}
          onToggle={onToggleSide}
        />
      )}
    </>
  );
}

/**
 * The 3D view's region: the engine's canvas and overlay go in `hostRef` (useViewer); over it the
 * measurements, the walk hint, the colour legend and the toolbar.
 */
function WorkspaceView({
  hidden,
  hostRef,
  viewer,
  phase,
  onRetry,
  overlay,
  snapshot,
  legend,
  minimap,
  onClearColors,
  toolbar,
  layer,
}: Pick<ViewerWorkspaceProps, 'hostRef' | 'viewer' | 'phase' | 'onRetry' | 'overlay'> & {
  /** The storey plan minimap, over the view's upper left (under the measurements). */
  minimap: ReactNode;
  snapshot: ReturnType<typeof useViewerSnapshot>[0];
  legend: ReturnType<typeof useViewerCommands>['legend'];
  onClearColors: (() => void) | undefined;
  toolbar: ReactNode;
  /** A side panel's layer over the view (markup). */
  layer?: ReactNode;
  /** Kept mounted (the engine lives as long as its host) but not shown: the phone's sheets. */
  hidden: boolean;
}) {
  return (
    <div className={clsx('relative min-w-0 flex-1 overflow-hidden', hidden && 'hidden')}>
      {/* The engine's canvas and overlay go in here (useViewer). */}
      <div ref={hostRef} className="absolute inset-0" />
      {layer}
      {overlay ?? <LoadOverlay viewer={viewer} phase={phase} onRetry={onRetry} />}
      <div className="pointer-events-none absolute top-3 left-3 z-10 flex flex-col gap-2">
        {viewer && (
          <MeasurementList
            viewer={viewer}
            measurements={snapshot.measurements}
            selected={snapshot.selectedMeasurement}
            active={snapshot.activeMeasure}
          />
        )}
        {minimap}
      </div>
      <WalkHint walking={snapshot.walking} />
      {legend && onClearColors && (
        <div className="pointer-events-none absolute right-3 bottom-20 z-10">
          <ColorLegend title={legend.title} entries={legend.entries} onClose={onClearColors} />
        </div>
      )}
      {toolbar && phase !== 'error' && (
        <div className="pointer-events-none absolute inset-x-0 bottom-3 z-10 flex justify-center px-2">
          {toolbar}
        </div>
      )}
    </div>
  );
}

/** Beside the view; on a phone a bottom sheet over the lower part of the view. */
function workspacePanelClass(narrow: boolean, side: 'left' | 'right'): string {
  return narrow
    ? 'absolute inset-x-0 bottom-0 z-20 flex h-[55%] min-h-0 flex-col rounded-t-2xl border-t border-gray-200 bg-white shadow-[0_-8px_24px_rgba(0,0,0,0.12)]'
    : clsx(
        'relative flex min-h-0 shrink-0 flex-col bg-white',
        side === 'left' ? 'border-r border-gray-200' : 'border-l border-gray-200',
      );
}
