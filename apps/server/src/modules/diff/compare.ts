import type { ChangedElement, ModelDiff } from '@truss/contracts';
import { propertyChanges, type ElementSet } from './element-set.ts';

/**
 * Compares two versions' element sets: one pass over each (a hash map of `from`'s keys), the
 * properties expanded only for elements whose property hashes differ. Keys that repeat
 * within a version (a GlobalId used twice) are compared first with first, second with second.
 */
export function compareElementSets(from: ElementSet, to: ElementSet): ModelDiff {
  const fromIds = new Map<string, number[]>();
  from.keys.forEach((key, id) => {
    const list = fromIds.get(key);
    if (list) list.push(id);
    else fromIds.set(key, [id]);
  });
  const added: string[] = [];
  const changed: ChangedElement[] = [];
  const matched = new Set<number>();
  to.keys.forEach((key, id) => {
    const candidates = fromIds.get(key);
    const before = candidates?.shift();
    if (before === undefined) {
      added.push(key);
      return;
    }
    matched.add(before);
    const geometry = from.geometry[before] !== to.geometry[id];
    const same =
      from.signatureLo[before] === to.signatureLo[id] &&
      from.signatureHi[before] === to.signatureHi[id];
    const properties = same ? [] : propertyChanges(from.properties(before), to.properties(id));
    if (geometry || properties.length > 0) changed.push({ guid: key, geometry, properties });
  });
  const removed = from.keys.filter((_, id) => !matched.has(id));
  const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    added: added.sort(byKey),
    removed: removed.sort(byKey),
    changed: changed.sort((a, b) => byKey(a.guid, b.guid)),
  };
}
