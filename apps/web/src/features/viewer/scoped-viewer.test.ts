import { describe, expect, it, vi } from 'vitest';
import type { Viewer } from './engine';
import { scopeViewer, toGlobal, toRows } from './scoped-viewer';

describe('scoped viewer', () => {
  const range = { offset: 100, idCount: 10 };

  it('maps global ids to the model rows in its range and back', () => {
    expect(toRows([3, 100, 105, 109, 110], range)).toEqual([0, 5, 9]);
    expect(toGlobal([0, 9], range)).toEqual([100, 109]);
  });

  it('hands the engine global ids and the panels rows', () => {
    let selected = [2, 104, 250];
    const hide = vi.fn();
    const fitElements = vi.fn();
    const viewer = {
      selection: {
        get: () => selected,
        set: (ids: number[]) => (selected = ids),
        clear: () => (selected = []),
      },
      visibility: {
        hide,
        show: vi.fn(),
        isolate: vi.fn(),
        isVisible: (id: number) => id !== 101,
        getHidden: () => [101, 7],
        getIsolated: () => null,
      },
      navigation: { fitElements },
    } as unknown as Viewer;
    const scoped = scopeViewer(viewer, range);
    expect(scoped.selection.get()).toEqual([4]);
    scoped.selection.set([1, 2]);
    expect(selected).toEqual([101, 102]);
    scoped.visibility.hide([3]);
    expect(hide).toHaveBeenCalledWith([103]);
    expect(scoped.visibility.isVisible(1)).toBe(false);
    expect(scoped.visibility.isVisible(2)).toBe(true);
    expect(scoped.visibility.getHidden()).toEqual([1]);
    scoped.navigation.fitElements([0], true);
    expect(fitElements).toHaveBeenCalledWith([100], true);
  });
});
