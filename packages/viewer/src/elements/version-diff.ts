/**
 * Version comparison colours on the element state: added green, changed amber, unchanged grey,
 * removed red and ghosted. Built on the visibility API alone (colour overrides and ghosts), so
 * it works the same whether the removed elements come from a second model in the scene or not.
 */
import type { Color, DiffCategory } from '../api-types.ts';
import type { DiffApi, VisibilityApi } from '../api.ts';

export const DIFF_COLORS: Readonly<Record<DiffCategory, Color>> = {
  added: 0x16a34a,
  removed: 0xdc2626,
  changed: 0xf59e0b,
  unchanged: 0xd4d4d8,
};

const CATEGORIES: readonly DiffCategory[] = ['unchanged', 'changed', 'added', 'removed'];

export function createVersionDiff(visibility: VisibilityApi): DiffApi {
  let coloured: number[] = [];
  const clear = () => {
    if (coloured.length > 0) visibility.setColors(new Map(coloured.map((id) => [id, null])));
    coloured = [];
    if (visibility.getGhosted().length > 0) visibility.setGhosted([]);
  };
  return {
    colors: DIFF_COLORS,
    show(elements) {
      clear();
      const colors = new Map<number, Color>();
      // Later categories win for an id listed twice: removed over added over changed.
      for (const category of CATEGORIES) {
        for (const id of elements[category] ?? []) colors.set(id, DIFF_COLORS[category]);
      }
      coloured = [...colors.keys()];
      visibility.setColors(colors);
      visibility.setGhosted(elements.removed ?? []);
    },
    clear,
  };
}
