import { useCallback, useRef, type ReactNode } from 'react';
import type { ModelViewerProps } from './ModelViewer';
import type { Sheet } from '@truss/contracts';
import { ViewerWorkspace } from './ViewerWorkspace';

const NO_MODELS = [] as const;

/**
 * A drawing (PDF, DXF, DWG) in the viewer workspace: its sheets only, no 3D view (so no engine,
 * tree or properties). Knows nothing about projects or sign-in: it gets the sheets with their
 * signed URLs.
 */
export function DrawingViewer({
  sheets,
  header,
  title,
  requestInit,
  sidePanel,
  toolbarExtra,
}: {
  sheets: readonly Sheet[];
  header?: ReactNode;
  title?: string;
  requestInit?: RequestInit;
  /** A panel beside the sheets (a drawing's issues), with its layers over the sheet. */
  sidePanel?: ModelViewerProps['sidePanel'];
  /** Buttons at the end of the sheet toolbar (the model page's Compare). */
  toolbarExtra?: ReactNode;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const name = title || 'drawing';
  const screenshotName = useCallback(() => `${name}.png`, [name]);
  return (
    <ViewerWorkspace
      hostRef={hostRef}
      viewer={null}
      models={NO_MODELS}
      phase="loaded"
      onRetry={() => undefined}
      header={header}
      screenshotName={screenshotName}
      sheets={{ sheets, toolbarExtra, ...(requestInit ? { requestInit } : {}) }}
      sheetsOnly
      sidePanel={
        sidePanel && {
          label: sidePanel.label,
          initiallyOpen: sidePanel.initiallyOpen,
          render: (viewer) => sidePanel.render(viewer, null),
          layers: sidePanel.layers,
        }
      }
    />
  );
}
