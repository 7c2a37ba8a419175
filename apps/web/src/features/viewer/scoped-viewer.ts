import type { Viewer } from './engine';

/** One model's id range in a viewer showing several (LoadedModelInfo offset / idCount). */
interface ModelRange {
  offset: number;
  idCount: number;
}

/** The ids of `ids` that fall in the range, as the model's own rows. */
export function toRows(ids: readonly number[], range: ModelRange): number[] {
  const out: number[] = [];
  for (const id of ids)
    if (id >= range.offset && id < range.offset + range.idCount) out.push(id - range.offset);
  return out;
}

export function toGlobal(rows: readonly number[], range: ModelRange): number[] {
  return rows.map((row) => row + range.offset);
}

/**
 * The engine seen through one model's rows: what the single-model panels (the tree, the storey
 * menu) call takes and returns rows of that model, and the engine gets global ids. Selection set
 * here replaces the whole selection (as a click in a single model's tree does); showAll shows
 * everything, as on the model page.
 */
export function scopeViewer(viewer: Viewer, range: ModelRange): Viewer {
  const global = (rows: number[]) => toGlobal(rows, range);
  return {
    ...viewer,
    selection: {
      get: () => toRows(viewer.selection.get(), range),
      set: (rows) => viewer.selection.set(global(rows)),
      clear: () => viewer.selection.clear(),
    },
    visibility: {
      ...viewer.visibility,
      hide: (rows) => viewer.visibility.hide(global(rows)),
      show: (rows) => viewer.visibility.show(global(rows)),
      isolate: (rows) => viewer.visibility.isolate(global(rows)),
      isVisible: (row) => viewer.visibility.isVisible(row + range.offset),
      getHidden: () => toRows(viewer.visibility.getHidden(), range),
      getIsolated: () => {
        const isolated = viewer.visibility.getIsolated();
        return isolated ? toRows(isolated, range) : null;
      },
    },
    navigation: {
      ...viewer.navigation,
      fitElements: (rows, animate) => viewer.navigation.fitElements(global(rows), animate),
    },
  };
}
