import { useCallback, useEffect, useState } from 'react';
import type {
  Measurement,
  MeasurementKind,
  ProjectionMode,
  SectionBoxState,
  SectionPlaneState,
  Viewer,
  ViewerTool,
} from './engine';

/** What the panels and the toolbar draw, kept in step with the engine's events. */
export interface ViewerSnapshot {
  selection: number[];
  hidden: number[];
  isolated: number[] | null;
  tool: ViewerTool;
  measurements: Measurement[];
  selectedMeasurement: string | null;
  activeMeasure: MeasurementKind | null;
  planes: SectionPlaneState[];
  box: SectionBoxState | null;
  projection: ProjectionMode;
  walking: boolean;
  xray: boolean;
}

const EMPTY: ViewerSnapshot = {
  selection: [],
  hidden: [],
  isolated: null,
  tool: 'select',
  measurements: [],
  selectedMeasurement: null,
  activeMeasure: null,
  planes: [],
  box: null,
  projection: 'perspective',
  walking: false,
  xray: false,
};

function read(viewer: Viewer): ViewerSnapshot {
  const sections = viewer.section.get();
  return {
    selection: viewer.selection.get(),
    hidden: viewer.visibility.getHidden(),
    isolated: viewer.visibility.getIsolated(),
    tool: viewer.getTool(),
    measurements: viewer.measure.list(),
    selectedMeasurement: null,
    activeMeasure: null,
    planes: sections.planes,
    box: sections.box,
    projection: viewer.navigation.getProjection(),
    walking: viewer.navigation.getMode() === 'walk',
    xray: viewer.visibility.getXray(),
  };
}

/**
 * The engine's state as React state. `refresh()` re-reads everything (after a viewpoint is
 * applied or a setting the engine does not announce, such as the projection, changes).
 */
export function useViewerSnapshot(viewer: Viewer | null): [ViewerSnapshot, () => void] {
  const [snapshot, setSnapshot] = useState<ViewerSnapshot>(EMPTY);
  const refresh = useCallback(() => {
    if (viewer) setSnapshot(read(viewer));
  }, [viewer]);

  useEffect(() => {
    if (!viewer) return;
    setSnapshot(read(viewer));
    const patch = (next: Partial<ViewerSnapshot>) => setSnapshot((s) => ({ ...s, ...next }));
    const offs = [
      viewer.on('selection-change', ({ ids }) => patch({ selection: ids })),
      viewer.on('visibility-change', ({ hidden, isolated }) =>
        patch({ hidden, isolated, xray: viewer.visibility.getXray() }),
      ),
      viewer.on('tool-change', ({ tool }) => patch({ tool })),
      viewer.on('measure-change', ({ measurements, selected, active }) =>
        patch({ measurements, selectedMeasurement: selected, activeMeasure: active }),
      ),
      viewer.on('section-change', ({ planes, box }) => patch({ planes, box })),
      viewer.on('camera-change', () => {
        const projection = viewer.navigation.getProjection();
        const walking = viewer.navigation.getMode() === 'walk';
        setSnapshot((s) =>
          s.projection === projection && s.walking === walking ? s : { ...s, projection, walking },
        );
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [viewer]);

  return [snapshot, refresh];
}
