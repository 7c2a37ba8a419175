import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EarlyView } from '../early-view';
import type { LoadedModelInfo, Viewer, Viewpoint } from '../engine';
import { useViewer } from '../useViewer';
import { useEarlyMetadata, useViewerLoad } from '../useViewerLoad';
import { ViewerWorkspace, type PanelLayers, type WorkspaceSheets } from './ViewerWorkspace';

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
  /** The toolbar's markup group (ViewerWorkspace's extension point). */
  toolbarMarkup?: (viewer: Viewer) => ReactNode;
  /** Base of downloaded file names (screenshots). */
  title?: string;
  /** The model page's early view (apps/web/src/boot/model-page): its engine and load are taken over. */
  earlyView?: EarlyView | null;
  /**
   * A further panel on the right (topics), toggled from the toolbar; also shown when embedded.
   * `render` gets the engine and the loaded model (null until loaded).
   */
  sidePanel?: {
    label: string;
    initiallyOpen?: boolean;
    render: (viewer: Viewer | null, info: LoadedModelInfo | null) => ReactNode;
    layers?: PanelLayers;
  };
  /** An IFC model's storey plans: the minimap and the plans beside the 3D view. */
  plans?: WorkspaceSheets;
}

/**
 * One model in the viewer workspace (the model page, the share page and its embed): loads it,
 * adopting the page's early view, and hands it to ViewerWorkspace. Knows nothing about projects
 * or sign-in: it gets URLs and reports viewpoints.
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
  toolbarMarkup,
  title,
  earlyView,
  sidePanel,
  plans,
}: ModelViewerProps) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
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
  // The tree and properties from the metadata as soon as it is read, not once the whole model is.
  const metadata = useEarlyMetadata(metadataUrl ?? undefined);
  const name = title || 'model';
  const models = useMemo(
    () => [{ id: 'model', name, info: load.info, metadata }],
    [name, load.info, metadata],
  );
  const loadedInfo = load.phase === 'loaded' ? load.info : null;
  const screenshotName = useCallback(() => {
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    return `${name.replace(/[\\/:*?"<>|]+/g, '_')}-${stamp}.png`;
  }, [name]);

  return (
    <ViewerWorkspace
      hostRef={hostRef}
      viewer={viewer}
      models={models}
      phase={load.phase}
      onRetry={() => setAttempt((n) => n + 1)}
      embed={embed}
      header={header}
      toolbarExtra={toolbarExtra}
      toolbarTools={toolbarTools}
      toolbarMarkup={toolbarMarkup}
      screenshotName={screenshotName}
      initialViewpoint={initialViewpoint}
      onViewpointChange={onViewpointChange}
      onLoaded={onLoaded}
      {...(plans ? { plans } : {})}
      sidePanel={
        sidePanel && {
          label: sidePanel.label,
          initiallyOpen: sidePanel.initiallyOpen,
          render: (current) => sidePanel.render(current, loadedInfo),
          layers: sidePanel.layers,
        }
      }
    />
  );
}
