import { describe, expect, it } from 'vitest';
import type { Color } from '../api-types.ts';
import type { VisibilityApi } from '../api.ts';
import { createVersionDiff, DIFF_COLORS } from './version-diff.ts';

/** The two calls the extension makes, recorded (the element state itself is tested in core). */
function recorder() {
  const colors = new Map<number, Color>();
  let ghosted: number[] = [];
  const visibility = {
    setColors(changes: Map<number, Color | null>) {
      for (const [id, color] of changes) {
        if (color === null) colors.delete(id);
        else colors.set(id, color);
      }
    },
    setGhosted(ids: number[]) {
      ghosted = [...ids];
    },
    getGhosted: () => ghosted,
  } as unknown as VisibilityApi;
  return { visibility, colors, ghosted: () => ghosted };
}

describe('diff extension', () => {
  it('colours each category and ghosts the removed elements, then clears only its own', () => {
    const r = recorder();
    r.visibility.setColors(new Map([[99, 0x123456]]));
    const diff = createVersionDiff(r.visibility);
    diff.show({ added: [1], changed: [2], unchanged: [3, 4], removed: [10] });
    expect(Object.fromEntries(r.colors)).toEqual({
      1: DIFF_COLORS.added,
      2: DIFF_COLORS.changed,
      3: DIFF_COLORS.unchanged,
      4: DIFF_COLORS.unchanged,
      10: DIFF_COLORS.removed,
      99: 0x123456,
    });
    expect(r.ghosted()).toEqual([10]);
    diff.show({ changed: [3] });
    expect(Object.fromEntries(r.colors)).toEqual({ 3: DIFF_COLORS.changed, 99: 0x123456 });
    expect(r.ghosted()).toEqual([]);
    diff.clear();
    expect(Object.fromEntries(r.colors)).toEqual({ 99: 0x123456 });
  });
});
