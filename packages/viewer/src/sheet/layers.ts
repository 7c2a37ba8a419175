/**
 * Layer visibility: a sheet's layers as the source says, with the user's toggles on top. Paths
 * and texts refer to layers by index; -1 (no layer) is always shown.
 */
import { isLayerShown, type SheetLayer } from '@truss/viewable';

/** One flag per layer: the user's override by name, else the source's `visible`. */
export function layerVisibility(
  layers: readonly SheetLayer[],
  overrides: ReadonlyMap<string, boolean>,
): boolean[] {
  return layers.map((layer) => overrides.get(layer.name) ?? layer.visible);
}

export { isLayerShown };

/** The items (paths or texts) on shown layers. */
export function filterByLayer<T extends { layer: number }>(
  items: readonly T[],
  visibility: readonly boolean[],
): T[] {
  return items.filter((item) => isLayerShown(visibility, item.layer));
}
