import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer, ViewerWorkspace, type Viewer } from '../../viewer';
import type { FederatedSidePanel } from '../../topics';
import { useFederatedLoad, type FederatedSource } from '../useFederatedLoad';

export interface FederatedModel extends FederatedSource {
  name: string;
}

/**
 * Several models of a project in one 3D view, aligned by their stored coordinates, in the viewer
 * workspace: the toolbar (section, measure, x-ray, ...) works across all of them, the left panel
 * has one tree per model and a switch to hide a whole model, the properties panel shows the
 * selected element of whichever model it belongs to; on a phone, as on the model page.
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
  const viewer = useViewer(hostRef, { label: t('federation.canvas') });
  const [attempt, setAttempt] = useState(0);
  const load = useFederatedLoad(viewer, models, attempt, fitOnLoad);
  // Stable while nothing changes (the page builds the list on every render).
  const key = models.map((m) => `${m.id}\n${m.name}`).join('\n\n');
  const shown = useMemo(
    () => models.map((m) => ({ id: m.id, name: m.name, info: load.infos[m.id] ?? null })),
    // `key` stands for the models' ids and names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, load.infos],
  );
  const screenshotName = useCallback(() => `${t('federation.fileName')}.png`, [t]);

  return (
    <ViewerWorkspace
      hostRef={hostRef}
      viewer={viewer}
      models={shown}
      modelTabs
      phase={load.phase}
      onRetry={() => setAttempt((n) => n + 1)}
      header={header}
      className="h-dvh"
      toolbarTools={toolbarTools}
      screenshotName={screenshotName}
      sidePanel={
        sidePanel && {
          label: sidePanel.label,
          initiallyOpen: sidePanel.initiallyOpen,
          render: (current) => sidePanel.render(current, load.infos),
        }
      }
    />
  );
}
