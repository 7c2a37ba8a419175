import type { ModelMetadata } from './metadata.ts';

/**
 * A stable id for elements without a GlobalId: their path of names (or types) from the root,
 * with `[n]` after the n-th (from 2) of siblings that share a label.
 */
export function elementPaths(metadata: ModelMetadata): string[] {
  const { count, parent, name, type } = metadata.elements;
  const { strings } = metadata;
  const paths = new Array<string>(count);
  const seen = new Map<string, number>();
  const label = (id: number) => (name[id]! >= 0 ? strings[name[id]!]! : strings[type[id]!]!);
  const resolve = (start: number): string => {
    const stack: number[] = [];
    for (let id = start; paths[id] === undefined;) {
      stack.push(id);
      const up = parent[id]!;
      if (up < 0 || up >= count || up === id || stack.length > count) break;
      id = up;
    }
    for (let i = stack.length - 1; i >= 0; i--) {
      const id = stack[i]!;
      const up = parent[id]!;
      const base = up >= 0 && up < count && up !== id && paths[up] !== undefined ? paths[up] : '';
      const own = `${base}/${label(id).replaceAll('/', '\\/')}`;
      const n = (seen.get(own) ?? 0) + 1;
      seen.set(own, n);
      paths[id] = n === 1 ? own : `${own}[${n}]`;
    }
    return paths[start]!;
  };
  for (let id = 0; id < count; id++) if (paths[id] === undefined) resolve(id);
  return paths;
}

/**
 * The key that matches an element across versions of a model, per element id: its IFC GlobalId,
 * or its path (`elementPaths`) when it has none (formats without ids).
 */
export function elementKeys(metadata: ModelMetadata): string[] {
  const { globalId, count } = metadata.elements;
  if (globalId && globalId.every((guid) => guid)) return globalId.slice(0, count);
  const paths = elementPaths(metadata);
  return paths.map((path, id) => globalId?.[id] || path);
}
