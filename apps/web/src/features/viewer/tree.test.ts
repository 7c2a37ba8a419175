import { describe, expect, it } from 'vitest';
import type { ModelMetadata } from '@truss/viewable';
import {
  ancestorsOf,
  createElementTree,
  searchElements,
  subtreeIds,
  subtreeVisibility,
  treeKeyAction,
  visibleRows,
} from './tree';
import { sampleMetadata } from './testing/fixture';

const metadata = sampleMetadata();
const tree = createElementTree(metadata);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('model tree', () => {
  it('follows the spatial structure: project > site > building > storeys > elements', () => {
    expect(tree.roots).toEqual([0]);
    expect(tree.children[2]).toEqual([3, 4]);
    expect(tree.children[3]).toEqual([5, 6, 7]);
    expect(Array.from(tree.order)).toEqual([0, 1, 2, 3, 5, 6, 7, 4, 8]);
    expect(subtreeIds(tree, 3).sort()).toEqual([3, 5, 6, 7]);
    expect([...ancestorsOf(tree, [8])].sort()).toEqual([0, 1, 2, 4]);
  });

  it('lists only the rows under expanded nodes, with depth', () => {
    const rows = visibleRows(tree, new Set([0, 1, 2]), null);
    expect(ids(rows)).toEqual([0, 1, 2, 3, 4]);
    expect(rows.map((r) => r.depth)).toEqual([0, 1, 2, 3, 3]);
    expect(rows[3]).toMatchObject({ hasChildren: true, expanded: false });
    expect(ids(visibleRows(tree, new Set([0, 1, 2, 4]), null))).toEqual([0, 1, 2, 3, 4, 8]);
  });

  it('searches names, IFC types and GlobalIds case-insensitively, and #express ids', () => {
    expect([...searchElements(metadata, 'door')]).toEqual([6]);
    expect([...searchElements(metadata, 'ifcwall')].sort()).toEqual([5, 8]);
    expect([...searchElements(metadata, '1xs3bck')]).toEqual([6]);
    expect([...searchElements(metadata, '#104')]).toEqual([8]);
    expect(searchElements(metadata, '   ').size).toBe(0);
    expect(searchElements(metadata, 'no such thing').size).toBe(0);
  });

  it('a search shows the matches with their path expanded and hides the rest', () => {
    const matches = searchElements(metadata, 'door');
    const filter = { matches, ancestors: ancestorsOf(tree, matches) };
    const rows = visibleRows(tree, filter.ancestors, filter);
    expect(ids(rows)).toEqual([0, 1, 2, 3, 6]);
    expect(rows.filter((r) => r.match).map((r) => r.id)).toEqual([6]);
  });

  it("opening a matched node under a search lists all of that node's children", () => {
    const matches = searchElements(metadata, 'first floor');
    const filter = { matches, ancestors: ancestorsOf(tree, matches) };
    expect(ids(visibleRows(tree, filter.ancestors, filter))).toEqual([0, 1, 2, 4]);
    expect(ids(visibleRows(tree, new Set([...filter.ancestors, 4]), filter))).toEqual([
      0, 1, 2, 4, 8,
    ]);
  });

  it('reports each node as visible, hidden or partly hidden from its subtree geometry', () => {
    let state = subtreeVisibility(tree, [], null);
    expect([state(0), state(3), state(5)]).toEqual(['visible', 'visible', 'visible']);
    state = subtreeVisibility(tree, [5], null);
    expect([state(0), state(3), state(5), state(4)]).toEqual([
      'partial',
      'partial',
      'hidden',
      'visible',
    ]);
    state = subtreeVisibility(tree, [5, 6, 7], null);
    expect(state(3)).toBe('hidden');
    state = subtreeVisibility(tree, [], [8]);
    expect([state(3), state(4), state(0)]).toEqual(['hidden', 'visible', 'partial']);
  });

  it('handles several roots and 50 000 elements', () => {
    const count = 50_000;
    const big: ModelMetadata = {
      ...metadata,
      storeys: [],
      strings: ['Group', 'Mesh'],
      elements: {
        count,
        type: Array.from({ length: count }, (_, i) => (i < 10 ? 0 : 1)),
        name: new Array<number>(count).fill(-1),
        parent: Array.from({ length: count }, (_, i) => (i < 10 ? -1 : i % 10)),
        triangles: Array.from({ length: count }, (_, i) => (i < 10 ? 0 : 2)),
        bbox: [],
        bboxStep: 0.001,
      },
      properties: { values: [], sets: [], elements: [] },
    };
    const bigTree = createElementTree(big);
    const rows = visibleRows(bigTree, new Set(bigTree.roots), null);
    const state = subtreeVisibility(bigTree, [11, 21], null);
    expect(bigTree.roots).toHaveLength(10);
    expect(rows).toHaveLength(count);
    expect(state(1)).toBe('partial');
    expect(state(2)).toBe('visible');
  });
});

describe('tree keyboard', () => {
  const rows = visibleRows(tree, new Set([0, 1, 2, 3]), null); // 0 1 2 3 5 6 7 4
  const at = (id: number) => rows.findIndex((r) => r.id === id);

  it('moves up and down within the rows', () => {
    expect(treeKeyAction(rows, 0, 'ArrowDown')).toEqual({ type: 'move', index: 1 });
    expect(treeKeyAction(rows, 0, 'ArrowUp')).toEqual({ type: 'move', index: 0 });
    expect(treeKeyAction(rows, rows.length - 1, 'ArrowDown')).toEqual({
      type: 'move',
      index: rows.length - 1,
    });
    expect(treeKeyAction(rows, 3, 'End')).toEqual({ type: 'move', index: rows.length - 1 });
    expect(treeKeyAction(rows, 3, 'Home')).toEqual({ type: 'move', index: 0 });
  });

  it('right opens or steps in, left closes or steps out, Enter selects', () => {
    expect(treeKeyAction(rows, at(4), 'ArrowRight')).toEqual({ type: 'expand', id: 4 });
    expect(treeKeyAction(rows, at(3), 'ArrowRight')).toEqual({ type: 'move', index: at(5) });
    expect(treeKeyAction(rows, at(5), 'ArrowRight')).toBeNull();
    expect(treeKeyAction(rows, at(3), 'ArrowLeft')).toEqual({ type: 'collapse', id: 3 });
    expect(treeKeyAction(rows, at(6), 'ArrowLeft')).toEqual({ type: 'move', index: at(3) });
    expect(treeKeyAction(rows, 0, 'ArrowLeft')).toEqual({ type: 'collapse', id: 0 });
    expect(treeKeyAction(rows, at(6), 'Enter')).toEqual({ type: 'select', id: 6 });
    expect(treeKeyAction(rows, at(6), 'x')).toBeNull();
    expect(treeKeyAction([], 0, 'ArrowDown')).toBeNull();
  });
});
