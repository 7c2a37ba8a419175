import type { ModelDiff, PropertyChange } from '@truss/contracts';
import { elementKeys, type ModelMetadata } from '@truss/viewable';
import type { Vec3 } from '../viewer';

export type CompareCategory = 'added' | 'removed' | 'changed' | 'unchanged';

/** One element of a category's list. */
export interface CompareItem {
  guid: string;
  /** Global element id in the viewer (the older model's for removed elements). */
  id: number;
  name: string | null;
  type: string;
  geometry: boolean;
  properties: PropertyChange[];
}

export interface CompareScene {
  /** Global ids per category, as the viewer's diff extension takes them. */
  ids: Record<CompareCategory, number[]>;
  /** The listed categories (unchanged elements are only counted). */
  items: Record<Exclude<CompareCategory, 'unchanged'>, CompareItem[]>;
  /** Elements of the older model that stay hidden (everything but the removed ones). */
  hiddenFrom: number[];
}

/** Rows of a metadata by element key (first row of a repeated key). */
function rowsByKey(metadata: ModelMetadata): Map<string, number> {
  const rows = new Map<string, number>();
  elementKeys(metadata).forEach((key, row) => {
    if (!rows.has(key)) rows.set(key, row);
  });
  return rows;
}

function item(
  metadata: ModelMetadata,
  row: number,
  offset: number,
  guid: string,
  change?: { geometry: boolean; properties: PropertyChange[] },
): CompareItem {
  const { name, type } = metadata.elements;
  return {
    guid,
    id: offset + row,
    name: name[row]! >= 0 ? metadata.strings[name[row]!]! : null,
    type: metadata.strings[type[row]!] ?? '',
    geometry: change?.geometry ?? false,
    properties: change?.properties ?? [],
  };
}

/**
 * The diff placed on the scene: the newer version (`to`) loaded at `toOffset`, the older one
 * (`from`) beside it at `fromOffset`. Elements of `to` are added, changed or unchanged; the
 * removed ones come from `from`, whose other elements are hidden.
 */
export function compareScene(
  diff: ModelDiff,
  to: { metadata: ModelMetadata; offset: number },
  from: { metadata: ModelMetadata; offset: number },
): CompareScene {
  const toRows = rowsByKey(to.metadata);
  const fromRows = rowsByKey(from.metadata);
  const added = diff.added.flatMap((guid) => {
    const row = toRows.get(guid);
    return row === undefined ? [] : [item(to.metadata, row, to.offset, guid)];
  });
  const changed = diff.changed.flatMap((change) => {
    const row = toRows.get(change.guid);
    return row === undefined ? [] : [item(to.metadata, row, to.offset, change.guid, change)];
  });
  const removed = diff.removed.flatMap((guid) => {
    const row = fromRows.get(guid);
    return row === undefined ? [] : [item(from.metadata, row, from.offset, guid)];
  });
  const listed = new Set([...added, ...changed].map((entry) => entry.id));
  const unchanged: number[] = [];
  for (let row = 0; row < to.metadata.elements.count; row++) {
    if (!listed.has(to.offset + row)) unchanged.push(to.offset + row);
  }
  const shown = new Set(removed.map((entry) => entry.id));
  const hiddenFrom: number[] = [];
  for (let row = 0; row < from.metadata.elements.count; row++) {
    if (!shown.has(from.offset + row)) hiddenFrom.push(from.offset + row);
  }
  return {
    ids: {
      added: added.map((entry) => entry.id),
      removed: removed.map((entry) => entry.id),
      changed: changed.map((entry) => entry.id),
      unchanged,
    },
    items: { added, removed, changed },
    hiddenFrom,
  };
}

/**
 * Where the older model goes so both line up: each viewable is recentred by its own origin
 * (metadata.origin), so the older one moves by the difference of the two origins.
 */
export function alignment(to: ModelMetadata, from: ModelMetadata): Vec3 {
  return [0, 1, 2].map((axis) => from.origin[axis]! - to.origin[axis]!) as Vec3;
}
