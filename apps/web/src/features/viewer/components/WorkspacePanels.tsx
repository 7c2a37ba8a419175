import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import type { ModelMetadata } from '@truss/viewable';
import type { LoadedModelInfo, Viewer } from '../engine';
import { scopeViewer, toRows } from '../scoped-viewer';
import { createElementTree, type ElementTree } from '../tree';
import type { ViewerLoadPhase } from '../useViewerLoad';
import type { ViewerSnapshot } from '../useViewerSnapshot';
import type { ColorKey } from '../properties';
import { ModelTreePanel } from './ModelTreePanel';
import { PropertiesPanel } from './PropertiesPanel';
import { SidePanelAside } from './SidePanel';

/** A model in the workspace: its key in the engine, its name, and what loaded (null until then). */
export interface WorkspaceModel {
  /** The model's key in the engine (its model id; `to`/`from` on the compare page). */
  id: string;
  name: string;
  info: LoadedModelInfo | null;
  /**
   * Its metadata before the engine has loaded it (read from the early download: the tree and the
   * properties need nothing else), the same object the loaded info then holds.
   */
  metadata?: ModelMetadata | null;
}

/** What the panels read of a model: its metadata, loaded or read early (null: none yet). */
export function modelMetadata(model: WorkspaceModel | undefined): ModelMetadata | null {
  return model?.info?.metadata ?? model?.metadata ?? null;
}

/**
 * With several models: which one the tree shows and which are hidden as a whole. Kept by the
 * workspace, so closing the tree panel forgets neither.
 */
export function useModelSwitch(
  viewer: Viewer | null,
  models: readonly WorkspaceModel[],
  refresh: () => void,
) {
  const [activeId, setActiveId] = useState(models[0]?.id ?? '');
  const [hiddenModels, setHiddenModels] = useState<ReadonlySet<string>>(new Set());
  const toggleModel = (id: string) => {
    const info = models.find((m) => m.id === id)?.info;
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
  return { activeId, setActiveId, hiddenModels, toggleModel };
}

type ModelSwitch = ReturnType<typeof useModelSwitch>;

/** The tree panel's body for one model: the whole engine's ids are that model's rows. */
export function SingleModelTree({
  viewer,
  metadata,
  phase,
  snapshot,
  onFocusNode,
}: {
  viewer: Viewer | null;
  /** The model's metadata, as soon as it is read (the tree does not wait for the geometry). */
  metadata: ModelMetadata | null;
  phase: ViewerLoadPhase;
  snapshot: ViewerSnapshot;
  onFocusNode: (id: number, size: number) => void;
}) {
  const { t } = useTranslation();
  const tree = useMemo(() => (metadata ? createElementTree(metadata) : null), [metadata]);
  if (viewer && metadata && tree)
    return (
      <ModelTreePanel
        viewer={viewer}
        metadata={metadata}
        tree={tree}
        selection={snapshot.selection}
        hidden={snapshot.hidden}
        isolated={snapshot.isolated}
        onFocusNode={onFocusNode}
      />
    );
  return (
    <p className="p-4 text-sm text-gray-500">
      {phase === 'loaded'
        ? t('viewer.tree.none')
        : phase === 'error'
          ? t('viewer.load.failed')
          : t('viewer.tree.loading')}
    </p>
  );
}

/**
 * The tree panel's body for several models: a tab per model with a switch that hides it whole,
 * and the active model's tree, which works in that model's rows (scopeViewer).
 */
export function MultiModelTree({
  viewer,
  models,
  phase,
  snapshot,
  switcher: { activeId, setActiveId, hiddenModels, toggleModel },
}: {
  viewer: Viewer | null;
  models: readonly WorkspaceModel[];
  phase: ViewerLoadPhase;
  snapshot: ViewerSnapshot;
  switcher: ModelSwitch;
}) {
  const { t } = useTranslation();
  const active = models.find((m) => m.id === activeId)?.info ?? null;
  const metadata = active?.metadata ?? null;
  const tree = useMemo<ElementTree | null>(
    () => (metadata ? createElementTree(metadata) : null),
    [metadata],
  );
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
  return (
    <>
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
                disabled={!model.info}
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
      {scoped && treeState && metadata && tree ? (
        <ModelTreePanel
          key={activeId}
          viewer={scoped}
          metadata={metadata}
          tree={tree}
          selection={treeState.selection}
          hidden={treeState.hidden}
          isolated={treeState.isolated}
          onFocusNode={() => {}}
        />
      ) : (
        <p className="p-4 text-sm text-gray-500">
          {phase === 'error' ? t('viewer.load.failed') : t('viewer.tree.loading')}
        </p>
      )}
    </>
  );
}

/**
 * The properties panel's body. One model: the selected element's, or the tree node's whose
 * elements are the selection, with "colour by" on its rows. Several: the selected element's in
 * the model it belongs to, named above the table.
 */
export function WorkspaceProperties({
  viewer,
  models,
  several,
  phase,
  snapshot,
  treeFocus,
  onColorBy,
}: {
  viewer: Viewer | null;
  models: readonly WorkspaceModel[];
  /** Per model (the element's model named), else the one model's with colour by. */
  several: boolean;
  phase: ViewerLoadPhase;
  snapshot: ViewerSnapshot;
  treeFocus: { id: number; size: number } | null;
  onColorBy: ((key: ColorKey) => void) | undefined;
}) {
  const { t } = useTranslation();
  const selection = snapshot.selection;
  const selected = several && selection.length === 1 ? selection[0]! : null;
  const owner = viewer && selected !== null ? viewer.modelOf(selected) : null;
  const ownerModel = owner?.model ?? null;
  const ownerSelection = useMemo(
    () => (ownerModel ? toRows(selection, ownerModel) : []),
    [ownerModel, selection],
  );
  const loaded = phase === 'loaded';
  if (several)
    return (
      <>
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
          selection={owner ? ownerSelection : selection}
          // Nothing selected names no model: "no properties" is for a selected element's model.
          loaded={loaded && owner !== null}
        />
      </>
    );
  const elementId =
    selection.length === 1
      ? selection[0]!
      : treeFocus && selection.length === treeFocus.size && selection.includes(treeFocus.id)
        ? treeFocus.id
        : null;
  return (
    <PropertiesPanel
      metadata={modelMetadata(models[0])}
      elementId={elementId}
      selection={selection}
      loaded={loaded}
      onColorBy={onColorBy}
    />
  );
}

/** The tree panel: the model's tree, or with several models a tab per model. */
export function WorkspaceTree({
  label,
  className,
  style,
  covers,
  onClose,
  viewer,
  models,
  several,
  phase,
  snapshot,
  switcher,
  onFocusNode,
}: {
  viewer: Viewer | null;
  models: readonly WorkspaceModel[];
  phase: ViewerLoadPhase;
  label: string;
  className: string;
  style: CSSProperties | undefined;
  /** A sheet over the view (phone): fits frame what it leaves free (useViewInsets). */
  covers: boolean;
  onClose: () => void;
  several: boolean;
  snapshot: ViewerSnapshot;
  switcher: ModelSwitch;
  onFocusNode: (id: number, size: number) => void;
}) {
  return (
    <SidePanelAside
      label={label}
      className={className}
      style={style}
      covers={covers}
      onClose={onClose}
    >
      {several ? (
        <MultiModelTree
          viewer={viewer}
          models={models}
          phase={phase}
          snapshot={snapshot}
          switcher={switcher}
        />
      ) : (
        <SingleModelTree
          viewer={viewer}
          metadata={modelMetadata(models[0])}
          phase={phase}
          snapshot={snapshot}
          onFocusNode={onFocusNode}
        />
      )}
    </SidePanelAside>
  );
}
