import { describe, expect, it } from 'vitest';
import type { ViewerEvents } from '../api-types.ts';
import type { ViewerContext } from '../core/context.ts';
import { ElementState, unpackElementState } from '../core/element-state.ts';
import { createVisibility } from './visibility.ts';

function setup() {
  const state = new ElementState(6);
  const events: Array<ViewerEvents['visibility-change']> = [];
  let xray = false;
  let renders = 0;
  // Only what the visibility extension touches.
  const ctx = {
    emit: (type: keyof ViewerEvents, event: unknown) => {
      if (type === 'visibility-change') events.push(event as ViewerEvents['visibility-change']);
    },
    requestRender: () => void renders++,
    elements: {
      state: () => state,
      setXray: (on: boolean) => void (xray = on),
      setGhosted: (ids: number[]) => {
        state.ghosted.clear();
        for (const id of ids) state.ghosted.add(id);
      },
      drawnIds: () => [0, 1, 2, 3, 4],
    },
  } as unknown as ViewerContext;
  const api = createVisibility(ctx);
  return { api, state, events, xray: () => xray, renders: () => renders };
}

describe('visibility', () => {
  it('hides, shows, isolates and shows all, with events and texels', () => {
    const { api, state, events } = setup();
    api.hide([1, 2]);
    expect(api.getHidden()).toEqual([1, 2]);
    expect(api.isVisible(1)).toBe(false);
    expect(unpackElementState(state.data, 1).hidden).toBe(true);
    api.show([2]);
    expect(api.getHidden()).toEqual([1]);
    api.isolate([3, 0]);
    expect(api.getIsolated()).toEqual([0, 3]);
    expect(api.getHidden()).toEqual([]);
    expect([0, 1, 2, 3, 4].map((id) => api.isVisible(id))).toEqual([
      true,
      false,
      false,
      true,
      false,
    ]);
    expect(unpackElementState(state.data, 4).hidden).toBe(true);
    // Showing an element while isolated adds it to the isolated set.
    api.show([4]);
    expect(api.getIsolated()).toEqual([0, 3, 4]);
    api.showAll();
    expect(api.getIsolated()).toBeNull();
    expect(unpackElementState(state.data, 2).hidden).toBe(false);
    expect(events.at(-1)).toEqual({ hidden: [], isolated: null });
    expect(events).toHaveLength(5);
  });

  it('switches x-ray once per change', () => {
    const { api, xray, renders } = setup();
    api.setXray(true);
    api.setXray(true);
    expect(xray()).toBe(true);
    expect(api.getXray()).toBe(true);
    expect(renders()).toBe(1);
  });

  it('sets and clears colour overrides, and colours by key with a legend', () => {
    const { api, state } = setup();
    api.setColors(new Map([[1, 0x00ff00]]));
    expect(unpackElementState(state.data, 1).color).toBe(0x00ff00);
    api.setColors(new Map([[1, null]]));
    expect(unpackElementState(state.data, 1).color).toBeNull();
    const legend = api.colorBy((id) => (id === 4 ? null : id % 2 ? 'odd' : 'even'));
    expect(legend.map((l) => [l.key, l.count])).toEqual([
      ['even', 2],
      ['odd', 2],
    ]);
    expect(unpackElementState(state.data, 0).color).toBe(legend[0]!.color);
    expect(unpackElementState(state.data, 3).color).toBe(legend[1]!.color);
    expect(unpackElementState(state.data, 4).color).toBeNull();
    api.clearColors();
    expect(unpackElementState(state.data, 0).color).toBeNull();
  });
});
