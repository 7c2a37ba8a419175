import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { ElementDisplay, type DisplayedModels } from './element-display.ts';
import { FLAG_GHOST, FLAG_HIDDEN, FLAG_SMALL } from './element-state.ts';
import { createSharedUniforms } from './materials.ts';
import { boxOfElements } from './element-boxes.ts';
import type { ModelMesh } from './model.ts';

/** Models whose element boxes are given (six floats per id; min > max: draws nothing). */
function models(boxes: number[], meshCount = 1): DisplayedModels & { meshes: ModelMesh[] } {
  const elementBoxes = new Float32Array(boxes);
  const meshes = Array.from({ length: meshCount }, () => ({
    mesh: new THREE.Mesh(),
    ghost: new THREE.Mesh(),
    instanced: false,
    triangles: 0,
    materialNames: [],
  }));
  const box = boxOfElements(
    elementBoxes,
    Array.from({ length: boxes.length / 6 }, (_, i) => i),
  );
  return {
    meshes,
    box,
    elementBoxes: () => elementBoxes,
    *drawnElementIds() {
      for (let id = 0; id * 6 < boxes.length; id++)
        if (boxes[id * 6]! <= boxes[id * 6 + 3]!) yield id;
    },
    elementsBox: (ids) => boxOfElements(elementBoxes, ids),
  };
}

const flags = (display: ElementDisplay, id: number) => display.state!.data[id * 4 + 3]!;

describe('ElementDisplay', () => {
  it('grows one state texture, keeps what it holds and binds it to the shared uniform', () => {
    const uniforms = createSharedUniforms();
    const display = new ElementDisplay(uniforms, models([]));
    expect(display.state).toBeNull();
    display.grow(0);
    expect(display.state!.count).toBe(1);
    display.grow(4);
    const first = display.state!;
    first.hidden.add(2);
    first.sync();
    display.grow(3);
    expect(display.state).toBe(first);
    display.grow(10);
    expect(display.state).not.toBe(first);
    expect(display.state!.count).toBe(10);
    expect(display.state!.hidden.has(2)).toBe(true);
    expect(flags(display, 2) & FLAG_HIDDEN).toBe(FLAG_HIDDEN);
    expect(uniforms.elementState.value).toBe(display.state!.texture);
    display.clear();
    expect(display.state).toBeNull();
    expect(uniforms.elementState.value).toBeNull();
  });

  it('shows the ghost meshes in x-ray mode or while an element is ghosted', () => {
    const uniforms = createSharedUniforms();
    const held = models([], 2);
    const display = new ElementDisplay(uniforms, held);
    const ghostsVisible = () => held.meshes.map((m) => m.ghost.visible);
    display.grow(5);
    held.meshes.forEach((m) => (m.ghost.visible = false));
    display.setXray(true);
    expect(uniforms.xrayOn.value).toBe(1);
    expect(display.getXray()).toBe(true);
    expect(ghostsVisible()).toEqual([true, true]);
    display.setXray(false);
    expect(uniforms.xrayOn.value).toBe(0);
    expect(ghostsVisible()).toEqual([false, false]);
    display.setGhosted([1, 3]);
    expect(display.ghostsOn()).toBe(true);
    expect(ghostsVisible()).toEqual([true, true]);
    expect(flags(display, 3) & FLAG_GHOST).toBe(FLAG_GHOST);
    display.setGhosted([4]);
    expect(flags(display, 3) & FLAG_GHOST).toBe(0);
    expect(flags(display, 4) & FLAG_GHOST).toBe(FLAG_GHOST);
    display.setGhosted([]);
    expect(display.ghostsOn()).toBe(false);
    expect(ghostsVisible()).toEqual([false, false]);
  });

  it('keeps x-ray across a clear, ghosting waits for a state', () => {
    const display = new ElementDisplay(createSharedUniforms(), models([]));
    display.setGhosted([1]);
    expect(display.ghostsOn()).toBe(false);
    display.setXray(true);
    display.clear();
    expect(display.getXray()).toBe(true);
    expect(display.ghostsOn()).toBe(true);
  });

  it('marks the elements smaller than a fraction of the scene', () => {
    // A 10 m element, a 1 cm one and one that draws nothing.
    const held = models([0, 0, 0, 10, 0, 0, 5, 0, 0, 5.01, 0, 0, 1, 1, 1, 0, 0, 0]);
    const display = new ElementDisplay(createSharedUniforms(), held);
    display.markSmallElements();
    expect(display.state).toBeNull();
    display.grow(3);
    display.markSmallElements();
    expect([...display.state!.small]).toEqual([1]);
    expect(flags(display, 1) & FLAG_SMALL).toBe(FLAG_SMALL);
    display.markSmallElements(0.0001);
    expect([...display.state!.small]).toEqual([]);
  });

  it('boxes the visible elements, or every model when none is visible or hidden', () => {
    const held = models([0, 0, 0, 1, 1, 1, 5, 5, 5, 6, 6, 6, 1, 1, 1, 0, 0, 0]);
    const display = new ElementDisplay(createSharedUniforms(), held);
    expect(display.visibleBox().max.toArray()).toEqual([6, 6, 6]);
    display.grow(3);
    display.state!.hidden.add(1);
    expect(display.visibleBox().max.toArray()).toEqual([1, 1, 1]);
    display.state!.isolated = new Set([2]);
    expect(display.visibleBox().min.toArray()).toEqual([0, 0, 0]);
    expect(display.visibleBox().max.toArray()).toEqual([6, 6, 6]);
  });

  it("drops a removed model's ids from the hidden, isolated, selected, colour, small and ghosted sets", () => {
    const display = new ElementDisplay(createSharedUniforms(), models([]));
    display.grow(6);
    const state = display.state!;
    for (const id of [1, 4]) {
      state.hidden.add(id);
      state.selected.add(id);
      state.colors.set(id, 0xff0000);
      state.small.add(id);
    }
    state.isolated = new Set([2, 5]);
    state.sync();
    display.setGhosted([4]);
    expect(display.ghostsOn()).toBe(true);
    display.forget((id) => id >= 3);
    expect([...state.ghosted]).toEqual([]);
    expect(display.ghostsOn()).toBe(false);
    expect([...state.hidden]).toEqual([1]);
    expect([...state.isolated]).toEqual([2]);
    expect([...state.selected]).toEqual([1]);
    expect([...state.colors.keys()]).toEqual([1]);
    expect([...state.small]).toEqual([1]);
    expect(flags(display, 4)).toBe(FLAG_HIDDEN);
  });
});
