import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelMetadata } from '@truss/viewable';
import type { Color, LoadedModelInfo, MeasurementKind, StandardView, Vec3, Viewer } from './engine';
import { colorKeyOf, valueWords, type ColorKey } from './properties';
import type { ShortcutAction } from './shortcuts';

export interface LegendEntry {
  key: string;
  color: Color;
  count: number;
}

const NOT_SET_GREY = 0xd1d5db;

/** The colours on the model and what they mean. */
interface Legend {
  title: string;
  entries: LegendEntry[];
}

export interface ViewerCommands {
  select(): void;
  boxSelect(): void;
  fit(): void;
  view(view: StandardView): void;
  toggleProjection(): void;
  toggleWalk(): void;
  hide(): void;
  isolate(): void;
  showAll(): void;
  toggleXray(): void;
  toggleColorByType(): void;
  /** Colour every element by its value of `key` (the properties panel's rows offer it). */
  colorBy(key: ColorKey): void;
  clearColors(): void;
  toggleSectionPlane(): void;
  toggleSectionBox(): void;
  clearSections(): void;
  measure(kind: MeasurementKind): void;
  clearMeasurements(): void;
  toggleEdges(): void;
  /**
   * Esc: drop the tool's work in progress and go back to selecting, else leave walk mode, else
   * clear the selection.
   */
  cancel(): void;
}

/**
 * A section box a little larger than the elements (2 % of its diagonal each way), so their outer
 * faces are not cut exactly in their own plane.
 */
function paddedBox([min, max]: [Vec3, Vec3]): { min: Vec3; max: Vec3 } {
  const pad = 0.02 * Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  return {
    min: [min[0] - pad, min[1] - pad, min[2] - pad],
    max: [max[0] + pad, max[1] + pad, max[2] + pad],
  };
}

/**
 * What the toolbar buttons and the keyboard shortcuts do, in one place. Also holds the two
 * settings the engine keeps no event for: edges and the colour legend.
 */
export function useViewerCommands(
  viewer: Viewer | null,
  metadata: ModelMetadata | null,
  info: LoadedModelInfo | null,
  refresh: () => void,
) {
  const [edges, setEdges] = useState(false);
  const [legend, setLegend] = useState<Legend | null>(null);
  const { t } = useTranslation();

  const commands = useMemo<ViewerCommands | null>(() => {
    if (!viewer) return null;
    const colorBy = (key: ColorKey) => {
      if (!metadata) return;
      const title =
        key.kind === 'type'
          ? t('viewer.legend.title')
          : t('viewer.legend.byProperty', { name: key.name });
      const notSet = t('viewer.legend.notSet');
      // Elements without the value stay a neutral grey, listed last.
      const keyOf = colorKeyOf(metadata, key, valueWords(t), notSet);
      const entries = viewer.visibility.colorBy(keyOf, {
        fixed: { [notSet]: NOT_SET_GREY },
      });
      setLegend({ title, entries });
    };
    const clearColors = () => {
      viewer.visibility.clearColors();
      setLegend(null);
    };
    const tool = (next: Parameters<Viewer['setTool']>[0]) =>
      viewer.setTool(viewer.getTool() === next ? 'select' : next);
    return {
      select: () => viewer.setTool('select'),
      boxSelect: () => tool('box-select'),
      fit: () => viewer.navigation.fitAll(true),
      view: (view) => viewer.navigation.setStandardView(view, true),
      toggleProjection: () => {
        const mode = viewer.navigation.getProjection();
        viewer.navigation.setProjection(mode === 'perspective' ? 'orthographic' : 'perspective');
        refresh();
      },
      toggleWalk: () => {
        viewer.navigation.setMode(viewer.navigation.getMode() === 'walk' ? 'orbit' : 'walk');
        refresh();
      },
      hide: () => {
        const ids = viewer.selection.get();
        if (!ids.length) return;
        viewer.visibility.hide(ids);
        viewer.selection.clear();
      },
      isolate: () => {
        const ids = viewer.selection.get();
        if (!ids.length) return;
        viewer.visibility.isolate(ids);
        // What is left is what the user wants to look at: frame it (as the storey menu does).
        viewer.navigation.fitElements(ids, true);
      },
      showAll: () => viewer.visibility.showAll(),
      toggleXray: () => {
        viewer.visibility.setXray(!viewer.visibility.getXray());
        refresh();
      },
      toggleColorByType: () => (legend ? clearColors() : colorBy({ kind: 'type' })),
      colorBy,
      clearColors,
      toggleSectionPlane: () => tool('section-plane'),
      toggleSectionBox: () => {
        if (viewer.section.get().box) {
          viewer.section.setBox(null);
          if (viewer.getTool() === 'section-box') viewer.setTool('select');
          return;
        }
        // Around the selection when there is one (as in Autodesk's viewer), else the model; its
        // wireframe and handles show at once (the section-box tool).
        const selected = viewer.selection.get();
        const bbox = (selected.length ? viewer.boxOf(selected) : null) ?? info?.bbox;
        if (!bbox) return;
        viewer.section.setBox(paddedBox(bbox));
        viewer.setTool('section-box');
      },
      clearSections: () => {
        viewer.section.clear();
        if (viewer.getTool().startsWith('section-')) viewer.setTool('select');
      },
      measure: (kind) => tool(`measure-${kind}`),
      clearMeasurements: () => viewer.measure.clear(),
      toggleEdges: () => {
        const next = !viewer.getViewpoint().edges;
        viewer.setEdges(next);
        setEdges(next);
      },
      cancel: () => {
        if (viewer.getTool() !== 'select') {
          viewer.measure.cancel();
          viewer.setTool('select');
        } else if (viewer.navigation.getMode() === 'walk') {
          viewer.navigation.setMode('orbit');
          refresh();
        } else viewer.selection.clear();
      },
    };
  }, [viewer, metadata, info, legend, refresh, t]);

  return { commands, edges, setEdges, legend };
}

/** The command a keyboard shortcut runs (the panel/help keys are the workspace's own). */
export function runShortcut(commands: ViewerCommands, action: ShortcutAction): boolean {
  if (action.startsWith('view:')) {
    commands.view(action.slice(5) as StandardView);
    return true;
  }
  const map: Partial<Record<ShortcutAction, () => void>> = {
    fit: commands.fit,
    hide: commands.hide,
    isolate: commands.isolate,
    showAll: commands.showAll,
    xray: commands.toggleXray,
    cancel: commands.cancel,
    projection: commands.toggleProjection,
    walk: commands.toggleWalk,
    measure: () => commands.measure('distance'),
    section: commands.toggleSectionPlane,
    boxSelect: commands.boxSelect,
  };
  const run = map[action];
  if (!run) return false;
  run();
  return true;
}
