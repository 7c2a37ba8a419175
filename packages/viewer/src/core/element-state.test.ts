import { describe, expect, it } from 'vitest';
import {
  ElementState,
  FLAG_COLOR,
  FLAG_GHOST,
  FLAG_HIDDEN,
  FLAG_SELECTED,
  FLAG_SMALL,
  packElementState,
  stateTextureSize,
  STATE_WIDTH,
  unpackElementState,
} from './element-state.ts';

describe('element state packing', () => {
  it('round-trips colour and flags through one RGBA texel', () => {
    const data = new Uint8Array(16);
    packElementState(data, 2, { hidden: true, selected: true, color: 0x12ab34 });
    expect([...data.subarray(8, 12)]).toEqual([
      0x12,
      0xab,
      0x34,
      FLAG_HIDDEN | FLAG_SELECTED | FLAG_COLOR,
    ]);
    expect(unpackElementState(data, 2)).toEqual({
      hidden: true,
      selected: true,
      color: 0x12ab34,
      small: false,
      ghosted: false,
    });
    packElementState(data, 1, { hidden: false, selected: false, color: null });
    expect(unpackElementState(data, 1)).toEqual({
      hidden: false,
      selected: false,
      color: null,
      small: false,
      ghosted: false,
    });
    packElementState(data, 3, { hidden: false, selected: false, color: null, small: true });
    expect(data[15]).toBe(FLAG_SMALL);
    expect(unpackElementState(data, 3).small).toBe(true);
    packElementState(data, 0, { hidden: false, selected: false, color: 0xdc2626, ghosted: true });
    expect(data[3]).toBe(FLAG_GHOST | FLAG_COLOR);
    expect(unpackElementState(data, 0).ghosted).toBe(true);
    // Black is a colour override too, not "no colour".
    packElementState(data, 0, { hidden: false, selected: false, color: 0x000000 });
    expect(unpackElementState(data, 0).color).toBe(0);
  });

  it('sizes the texture in rows of STATE_WIDTH', () => {
    expect(stateTextureSize(1)).toEqual({ width: STATE_WIDTH, height: 1 });
    expect(stateTextureSize(STATE_WIDTH)).toEqual({ width: STATE_WIDTH, height: 1 });
    expect(stateTextureSize(STATE_WIDTH + 1)).toEqual({ width: STATE_WIDTH, height: 2 });
  });

  it('derives visibility from hidden and isolated, and syncs the texels', () => {
    const state = new ElementState(5);
    state.hidden.add(1);
    state.isolated = new Set([1, 2, 3]);
    state.selected.add(3);
    state.colors.set(4, 0xff0000);
    state.small.add(2);
    state.sync();
    expect([0, 1, 2, 3, 4].map((id) => state.isVisible(id))).toEqual([
      false,
      false,
      true,
      true,
      false,
    ]);
    expect(unpackElementState(state.data, 0)).toEqual({
      hidden: true,
      selected: false,
      color: null,
      small: false,
      ghosted: false,
    });
    expect(unpackElementState(state.data, 2)).toEqual({
      hidden: false,
      selected: false,
      color: null,
      small: true,
      ghosted: false,
    });
    expect(unpackElementState(state.data, 3).selected).toBe(true);
    expect(unpackElementState(state.data, 4)).toEqual({
      hidden: true,
      selected: false,
      color: 0xff0000,
      small: false,
      ghosted: false,
    });
    state.isolated = null;
    state.sync([4]);
    expect(unpackElementState(state.data, 4).hidden).toBe(false);
    // Only the listed ids are rewritten: element 0 keeps its stale texel until synced.
    expect(unpackElementState(state.data, 0).hidden).toBe(true);
    state.sync();
    expect(unpackElementState(state.data, 0).hidden).toBe(false);
  });
});
