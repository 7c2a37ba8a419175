import { buildElementTree, type ModelMetadata } from '@truss/viewable';

/**
 * The model tree as flat arrays (50 000 elements must stay cheap): children per element id from
 * the metadata's spatial tree (IFC project > site > building > storeys > spaces > elements, or the
 * scene graph for other formats), a pre-order for bottom-up passes, and the rows to draw.
 */
export interface ElementTree {
  count: number;
  roots: number[];
  children: number[][];
  parent: Int32Array;
  /** Pre-order of every element (parents before children). */
  order: Int32Array;
  /** 1 where the element draws triangles. */
  geometry: Uint8Array;
}

export function createElementTree(metadata: ModelMetadata): ElementTree {
  const count = metadata.elements.count;
  const children: number[][] = Array.from({ length: count }, () => []);
  const parent = new Int32Array(count).fill(-1);
  const root = buildElementTree(metadata);
  const roots = !root ? [] : root.id === -1 ? root.children.map((n) => n.id) : [root.id];
  const stack = root ? (root.id === -1 ? [...root.children] : [root]) : [];
  while (stack.length) {
    const node = stack.pop()!;
    for (const child of node.children) {
      children[node.id]!.push(child.id);
      parent[child.id] = node.id;
      stack.push(child);
    }
  }
  const order = new Int32Array(count);
  let n = 0;
  const walk = [...roots].reverse();
  while (walk.length) {
    const id = walk.pop()!;
    order[n++] = id;
    const kids = children[id]!;
    for (let i = kids.length - 1; i >= 0; i--) walk.push(kids[i]!);
  }
  const geometry = new Uint8Array(count);
  for (let id = 0; id < count; id++) geometry[id] = metadata.elements.triangles[id]! > 0 ? 1 : 0;
  return { count, roots, children, parent, order: order.subarray(0, n), geometry };
}

export function elementName(metadata: ModelMetadata, id: number): string | null {
  const index = metadata.elements.name[id] ?? -1;
  return index >= 0 ? (metadata.strings[index] ?? null) : null;
}

export function elementType(metadata: ModelMetadata, id: number): string {
  return metadata.strings[metadata.elements.type[id] ?? -1] ?? '';
}

/** The element and everything under it. */
export function subtreeIds(tree: ElementTree, id: number): number[] {
  const out: number[] = [];
  const stack = [id];
  while (stack.length) {
    const next = stack.pop()!;
    out.push(next);
    const kids = tree.children[next];
    if (kids) for (const kid of kids) stack.push(kid);
  }
  return out;
}

export function ancestorsOf(tree: ElementTree, ids: Iterable<number>): Set<number> {
  const out = new Set<number>();
  for (const id of ids) {
    for (let up = tree.parent[id] ?? -1; up >= 0 && !out.has(up); up = tree.parent[up] ?? -1) {
      out.add(up);
    }
  }
  return out;
}

/**
 * Elements whose name, IFC type or GlobalId contains the query (case-insensitive); "#123"
 * finds express id 123.
 */
export function searchElements(metadata: ModelMetadata, query: string): Set<number> {
  const q = query.trim().toLowerCase();
  const found = new Set<number>();
  if (!q) return found;
  const { count, name, type, globalId, expressId } = metadata.elements;
  const express = /^#(\d+)$/.exec(q);
  if (express && expressId) {
    const wanted = Number(express[1]);
    for (let id = 0; id < count; id++) if (expressId[id] === wanted) found.add(id);
    return found;
  }
  // Decide once per distinct string instead of once per element.
  const hits = metadata.strings.map((s) => s.toLowerCase().includes(q));
  for (let id = 0; id < count; id++) {
    if (
      (name[id]! >= 0 && hits[name[id]!]) ||
      hits[type[id]!] ||
      globalId?.[id]?.toLowerCase().includes(q)
    ) {
      found.add(id);
    }
  }
  return found;
}

interface TreeRow {
  id: number;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
  match: boolean;
}

export interface TreeFilter {
  matches: Set<number>;
  /** Ancestors of the matches: shown (as the path to a match) even though they do not match. */
  ancestors: Set<number>;
}

/**
 * The rows to draw: the pre-order walk through expanded nodes. With a filter, only matches,
 * their ancestors and what the user opens under a match are listed.
 */
export function visibleRows(
  tree: ElementTree,
  expanded: ReadonlySet<number>,
  filter: TreeFilter | null,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const stack: Array<[id: number, depth: number, underMatch: boolean]> = [];
  const push = (ids: number[], depth: number, underMatch: boolean) => {
    for (let i = ids.length - 1; i >= 0; i--) {
      const id = ids[i]!;
      if (!filter || underMatch || filter.matches.has(id) || filter.ancestors.has(id)) {
        stack.push([id, depth, underMatch]);
      }
    }
  };
  push(tree.roots, 0, false);
  while (stack.length) {
    const [id, depth, underMatch] = stack.pop()!;
    const kids = tree.children[id]!;
    const match = !!filter?.matches.has(id);
    const open = expanded.has(id);
    rows.push({ id, depth, hasChildren: kids.length > 0, expanded: open, match });
    if (open && kids.length) push(kids, depth + 1, underMatch || match);
  }
  return rows;
}

type NodeVisibility = 'visible' | 'hidden' | 'partial';

/**
 * Per element: how much of its subtree's geometry is visible, in one bottom-up pass (run again
 * when the engine reports a visibility change).
 */
export function subtreeVisibility(
  tree: ElementTree,
  hidden: readonly number[],
  isolated: readonly number[] | null,
): (id: number) => NodeVisibility {
  const total = new Int32Array(tree.count);
  const shown = new Int32Array(tree.count);
  const hiddenSet = new Set(hidden);
  const isolatedSet = isolated ? new Set(isolated) : null;
  for (let i = tree.order.length - 1; i >= 0; i--) {
    const id = tree.order[i]!;
    if (tree.geometry[id]) {
      total[id]! += 1;
      if (!hiddenSet.has(id) && (!isolatedSet || isolatedSet.has(id))) shown[id]! += 1;
    }
    const up = tree.parent[id]!;
    if (up >= 0) {
      total[up]! += total[id]!;
      shown[up]! += shown[id]!;
    }
  }
  return (id) => {
    const all = total[id] ?? 0;
    const on = shown[id] ?? 0;
    if (all === 0) return 'visible';
    return on === all ? 'visible' : on === 0 ? 'hidden' : 'partial';
  };
}

type TreeKeyAction =
  | { type: 'move'; index: number }
  | { type: 'expand'; id: number }
  | { type: 'collapse'; id: number }
  | { type: 'select'; id: number };

/**
 * Keyboard use of the tree (WAI-ARIA tree pattern): Up/Down/Home/End move, Right opens or steps
 * into the first child, Left closes or steps to the parent, Enter/Space selects.
 */
export function treeKeyAction(rows: TreeRow[], active: number, key: string): TreeKeyAction | null {
  if (!rows.length) return null;
  const current = Math.min(Math.max(active, 0), rows.length - 1);
  const row = rows[current]!;
  switch (key) {
    case 'ArrowDown':
      return { type: 'move', index: Math.min(current + 1, rows.length - 1) };
    case 'ArrowUp':
      return { type: 'move', index: Math.max(current - 1, 0) };
    case 'Home':
      return { type: 'move', index: 0 };
    case 'End':
      return { type: 'move', index: rows.length - 1 };
    case 'ArrowRight':
      if (!row.hasChildren) return null;
      return row.expanded ? { type: 'move', index: current + 1 } : { type: 'expand', id: row.id };
    case 'ArrowLeft': {
      if (row.hasChildren && row.expanded) return { type: 'collapse', id: row.id };
      for (let i = current - 1; i >= 0; i--) {
        if (rows[i]!.depth < row.depth) return { type: 'move', index: i };
      }
      return null;
    }
    case 'Enter':
    case ' ':
      return { type: 'select', id: row.id };
    default:
      return null;
  }
}
