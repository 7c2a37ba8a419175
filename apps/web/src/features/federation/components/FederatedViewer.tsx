import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import type { LoadedModelInfo, Vec3, Viewer } from '../../viewer/engine';
import { createElementTree, type ElementTree } from '../../viewer/tree';
import { useViewer } from '../../viewer/useViewer';
import { saveBlob, useViewerCommands } from '../../viewer/useViewerCommands';
import { useViewerChrome } from '../../viewer/useViewerChrome';
import { ShortcutHelp } from '../../viewer/components/ShortcutHelp';
import { toast } from '../../../lib/toast';
import { useViewerPanels } from '../../viewer/useViewerPanels';
import { useViewerSnapshot } from '../../viewer/useViewerSnapshot';
import { useViewInsets } from '../../viewer/useViewInsets';
import { ModelTreePanel } from '../../viewer/components/ModelTreePanel';
import { PanelHeader } from '../../viewer/components/PanelHeader';
import { SidePanelAside, SidePanelButton } from '../../viewer/components/SidePanel';
import type { FederatedSidePanel } from '../../topics/panels';
import { PropertiesPanel } from '../../viewer/components/PropertiesPanel';
import { LoadOverlay, MeasurementList } from '../../viewer/components/ViewerOverlays';
import { ViewerToolbar, type ScreenshotSize } from '../../viewer/components/ViewerToolbar';
import { scopeViewer, toRows } from '../scoped-viewer';
import { useFederatedLoad, type FederatedSource } from '../useFederatedLoad';

export interface FederatedModel extends FederatedSource {
  name: string;
}

/** The scene's box: the union of the models' boxes. */
function unionInfo(infos: LoadedModelInfo[]): LoadedModelInfo | null {
  const [first] = infos;
  if (!first) return null;
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
 * Several models of a project in one 3D view, aligned by their stored coordinates: the toolbar
 * (section, measure, x-ray, ...) works across all of them, the left panel has one tree per model
 * and a switch to hide a whole model, the properties panel shows the selected element of
 * whichever model it belongs to.
 */
export function FederatedViewer({
  models,
  header,
  toolbarTools,
  fitOnLoad = true,
  sidePanel,
}: {
  models: FederatedModel[];
  header: ReactNode;
  /** More toolbar buttons that drive the engine (saved views), once it exists. */
  toolbarTools?: (viewer: Viewer) => ReactNode;
  /** False when the page opens a saved view (its camera is kept). */
  fitOnLoad?: boolean;
  /** A further panel on the right (topics), toggled from the toolbar. */
  sidePanel?: FederatedSidePanel;
}) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  const workspaceRef = useRef<HTMLDivElement>(null);
  const viewer = useViewer(hostRef, { label: t('federation.canvas') });
  const [attempt, setAttempt] = useState(0);
  const load = useFederatedLoad(viewer, models, attempt, fitOnLoad);
  const [snapshot, refresh] = useViewerSnapshot(viewer);
  useViewInsets(viewer, workspaceRef);
  // Stable while nothing changes: the commands and panels below depend on these by reference.
  const modelKey = models.map((m) => m.id).join(',');
  const sceneInfo = useMemo(
    () => unionInfo(modelKey.split(',').flatMap((id) => (load.infos[id] ? [load.infos[id]] : []))),
    [modelKey, load.infos],
  );
  // Colour-by reads one model's metadata: not offered across models.
  const { commands, edges } = useViewerCommands(viewer, null, sceneInfo, refresh);
  const panels = useViewerPanels(viewer, {
    embed: false,
    sideInitiallyOpen: !!sidePanel?.initiallyOpen,
  });
  const { panelWidth, treeOpen, propertiesOpen, toggleTree, toggleProperties } = panels;
  const [activeId, setActiveId] = useState(models[0]?.id ?? '');
  const { helpOpen, setHelpOpen } = useViewerChrome(viewer, commands);

  const screenshot = useCallback(
    (size: ScreenshotSize) => {
      const host = hostRef.current;
      if (!viewer || !host) return;
      const [width, height] =
        size === 'view'
          ? [host.clientWidth, host.clientHeight]
          : size === '2x'
            ? [host.clientWidth * 2, host.clientHeight * 2]
            : (size.split('x').map(Number) as [number, number]);
      viewer
        .screenshot(size === 'view' ? {} : { width, height })
        .then((blob) => saveBlob(blob, `${t('federation.fileName')}.png`))
        .catch((error: unknown) => {
          console.error('[federation] screenshot failed', error);
          toast.error(t('viewer.screenshotFailed'));
        });
    },
    [viewer, t],
  );
  const [hiddenModels, setHiddenModels] = useState<Set<string>>(new Set());

  const trees = useMemo(() => {
    const out = new Map<string, ElementTree>();
    for (const [id, info] of Object.entries(load.infos))
      if (info.metadata) out.set(id, createElementTree(info.metadata));
    return out;
  }, [load.infos]);

  const toggleModel = (id: string) => {
    const info = load.infos[id];
    if (!viewer || !info) return;
    const ids = Array.from({ length: info.idCount }, (_, row) => info.offset + row);
    const hidden = hiddenModels.has(id);
    if (hidden) viewer.visibility.show(ids);
    else viewer.visibility.hide(ids);
    setHiddenModels((current) => {
      const next = new Set(current);
      if (hidden) next.delete(id);
      else next.add(id);
      return next;
    });
    refresh();
  };

  // The properties of a single selected element, in the model it belongs to.
  const selected = snapshot.selection.length === 1 ? snapshot.selection[0]! : null;
  const owner = viewer && selected !== null ? viewer.modelOf(selected) : null;
  const ownerModel = owner?.model ?? null;
  const ownerSelection = useMemo(
    () => (ownerModel ? toRows(snapshot.selection, ownerModel) : []),
    [ownerModel, snapshot.selection],
  );

  const active = load.infos[activeId];
  const activeTree = trees.get(activeId);
  const scoped = useMemo(
    () => (viewer && active ? scopeViewer(viewer, active) : null),
    [viewer, active],
  );
  const treeState = useMemo(
    () =>
      active
        ? {
            selection: toRows(snapshot.selection, active),
            hidden: toRows(snapshot.hidden, active),
            isolated: snapshot.isolated ? toRows(snapshot.isolated, active) : null,
          }
        : null,
    [active, snapshot.selection, snapshot.hidden, snapshot.isolated],
  );

  const panelHeader = (label: string, onClose: () => void) => (
    <PanelHeader label={label} onClose={onClose} />
  );
  const panelStyle = { width: panelWidth || 300 };

  return (
    <div className="flex h-dvh min-h-0 w-full flex-col bg-gray-100">
      {header}
      <div ref={workspaceRef} className="relative flex min-h-0 flex-1">
        {treeOpen && (
          <aside
            className="relative flex min-h-0 shrink-0 flex-col border-r border-gray-200 bg-white"
            style={panelStyle}
            aria-label={t('federation.models')}
          >
            {panelHeader(t('federation.models'), toggleTree)}
            <ul className="shrink-0 border-b border-gray-200 py-1" role="tablist">
              {models.map((model) => {
                const hidden = hiddenModels.has(model.id);
                return (
                  <li key={model.id} className="flex items-center gap-1 px-2">
                    <button
                      type="button"
                      role="tab"
                      aria-selected={model.id === activeId}
                      onClick={() => setActiveId(model.id)}
                      className={clsx(
                        'min-w-0 flex-1 truncate rounded px-2 py-1 text-left text-sm',
                        model.id === activeId
                          ? 'bg-blue-50 font-medium text-blue-700'
                          : 'text-gray-700 hover:bg-gray-100',
                      )}
                    >
                      {model.name}
                    </button>
                    <button
                      type="button"
                      onClick={() => toggleModel(model.id)}
                      disabled={!load.infos[model.id]}
                      aria-label={t(hidden ? 'federation.showModel' : 'federation.hideModel', {
                        name: model.name,
                      })}
                      className="rounded p-1 text-gray-500 hover:bg-gray-100 disabled:opacity-40"
                    >
                      {hidden ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
                    </button>
                  </li>
                );
              })}
            </ul>
            {scoped && treeState && active?.metadata && activeTree ? (
              <ModelTreePanel
                key={activeId}
                viewer={scoped}
                metadata={active.metadata}
                tree={activeTree}
                selection={treeState.selection}
                hidden={treeState.hidden}
                isolated={treeState.isolated}
                onFocusNode={() => {}}
              />
            ) : (
              <p className="p-4 text-sm text-gray-500">
                {load.phase === 'error' ? t('viewer.load.failed') : t('viewer.tree.loading')}
              </p>
            )}
          </aside>
        )}
        <div className="relative min-w-0 flex-1 overflow-hidden">
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
          {commands && load.phase !== 'error' && (
            <div className="pointer-events-none absolute inset-x-0 bottom-3 z-10 flex justify-center px-2">
              <ViewerToolbar
                commands={commands}
                snapshot={snapshot}
                edges={edges}
                colored={false}
                treeOpen={treeOpen}
                propertiesOpen={propertiesOpen}
                onToggleTree={toggleTree}
                onTogglePropertiesPanel={toggleProperties}
                onScreenshot={screenshot}
                onHelp={() => setHelpOpen(true)}
                panels
                extra={
                  <>
                    {viewer && toolbarTools?.(viewer)}
                    {sidePanel && (
                      <SidePanelButton
                        label={sidePanel.label}
                        open={panels.sideOpen}
                        onToggle={panels.toggleSide}
                      />
                    )}
                  </>
                }
              />
            </div>
          )}
        </div>
        {propertiesOpen && (
          <aside
            className="relative flex min-h-0 shrink-0 flex-col border-l border-gray-200 bg-white"
            style={panelStyle}
            aria-label={t('viewer.properties.title')}
          >
            {panelHeader(t('viewer.properties.title'), toggleProperties)}
            {owner && (
              <p className="border-b border-gray-100 px-3 py-1.5 text-xs text-gray-500">
                {t('federation.inModel', {
                  name: models.find((m) => m.id === owner.model.key)?.name ?? owner.model.key,
                })}
              </p>
            )}
            <PropertiesPanel
              metadata={owner?.model.metadata ?? null}
              elementId={owner ? owner.row : null}
              selection={owner ? ownerSelection : snapshot.selection}
              loaded={load.phase === 'loaded'}
            />
          </aside>
        )}
        {sidePanel && panels.sideOpen && (
          <SidePanelAside
            label={sidePanel.label}
            className="relative flex min-h-0 shrink-0 flex-col border-l border-gray-200 bg-white"
            style={panelStyle}
            onClose={panels.toggleSide}
          >
            {sidePanel.render(viewer, load.infos)}
          </SidePanelAside>
        )}
      </div>
      <ShortcutHelp open={helpOpen} onOpenChange={setHelpOpen} />
    </div>
  );
}
