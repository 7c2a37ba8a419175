/**
 * How the loaded models' elements are displayed: the one element state texture every model shares
 * (hidden / isolated / selected / colours / small / ghosted, element-state.ts), grown as models
 * are added and emptied of a removed model's ids, the x-ray and ghost passes, and the small
 * elements the frame-rate guard drops. The models themselves (meshes, boxes) are ModelHost's.
 */
import * as THREE from 'three';
import { ElementState } from './element-state.ts';
import type { SharedUniforms } from './materials.ts';
import type { ModelMesh } from './model.ts';

/** What the display reads of the loaded models (ModelHost). */
export interface DisplayedModels {
  /** Every model mesh with its ghost (replaced as models come and go). */
  readonly meshes: readonly ModelMesh[];
  /** The box of every model. */
  readonly box: THREE.Box3;
  /** World boxes of every element id, six floats each (min xyz, max xyz). */
  elementBoxes(): Float32Array;
  /** Ids of the elements that draw something. */
  drawnElementIds(): Iterable<number>;
  elementsBox(ids: Iterable<number>): THREE.Box3;
}

export class ElementDisplay {
  private current: ElementState | null = null;
  private xray = false;

  constructor(
    private readonly uniforms: Pick<SharedUniforms, 'elementState' | 'xrayOn'>,
    private readonly models: DisplayedModels,
  ) {}

  /** Selection, visibility and colours of every element; null while no model is loaded. */
  get state(): ElementState | null {
    return this.current;
  }

  /** One state texture for `count` ids (at least one): grows, keeping the state, never shrinks. */
  grow(count: number): void {
    count = Math.max(1, count);
    const old = this.current;
    if (old && old.count >= count) return;
    const state = old ? ElementState.grown(old, count) : new ElementState(count);
    old?.dispose();
    state.sync();
    this.current = state;
    this.uniforms.elementState.value = state.texture;
  }

  /** Ghost meshes draw in x-ray mode and while some element is ghosted on its own. */
  ghostsOn(): boolean {
    return this.xray || (this.current?.ghosted.size ?? 0) > 0;
  }

  setXray(on: boolean): void {
    this.xray = on;
    this.uniforms.xrayOn.value = on ? 1 : 0;
    this.showGhosts();
  }

  getXray(): boolean {
    return this.xray;
  }

  /** Replaces the elements ghosted one by one (FLAG_GHOST). */
  setGhosted(ids: Iterable<number>): void {
    const state = this.current;
    if (!state) return;
    const touched = [...state.ghosted];
    state.ghosted.clear();
    for (const id of ids) state.ghosted.add(id);
    state.sync([...touched, ...state.ghosted]);
    this.showGhosts();
  }

  private showGhosts(): void {
    const on = this.ghostsOn();
    for (const entry of this.models.meshes) entry.ghost.visible = on;
  }

  /**
   * Marks elements smaller than a fraction of the scene (box diagonal) for the frame-rate guard.
   * Cheap enough to run once after loading (one pass over the element boxes).
   */
  markSmallElements(fraction = 0.004): void {
    const state = this.current;
    if (!state) return;
    const limit = this.models.box.getSize(new THREE.Vector3()).length() * fraction;
    const boxes = this.models.elementBoxes();
    state.small.clear();
    for (const id of this.models.drawnElementIds()) {
      const o = id * 6;
      const diagonal = Math.hypot(
        boxes[o + 3]! - boxes[o]!,
        boxes[o + 4]! - boxes[o + 1]!,
        boxes[o + 5]! - boxes[o + 2]!,
      );
      if (diagonal < limit) state.small.add(id);
    }
    state.sync();
  }

  /** Box of the visible elements (every model's when nothing is hidden). */
  visibleBox(): THREE.Box3 {
    const state = this.current;
    const { models } = this;
    if (!state || (state.hidden.size === 0 && state.isolated === null)) return models.box.clone();
    const visible = [...models.drawnElementIds()].filter((id) => state.isVisible(id));
    const box = models.elementsBox(visible);
    return box.isEmpty() ? models.box.clone() : box;
  }

  /** A model left: the ids it held (`held`) leave the hidden, isolated, selected, colour and small sets. */
  forget(held: (id: number) => boolean): void {
    const state = this.current;
    if (!state) return;
    for (const id of [...state.hidden]) if (held(id)) state.hidden.delete(id);
    for (const id of [...(state.isolated ?? [])]) if (held(id)) state.isolated?.delete(id);
    for (const id of [...state.selected]) if (held(id)) state.selected.delete(id);
    for (const id of [...state.colors.keys()]) if (held(id)) state.colors.delete(id);
    for (const id of [...state.small]) if (held(id)) state.small.delete(id);
    // A later model may take these ids: its elements must not come in ghosted.
    for (const id of [...state.ghosted]) if (held(id)) state.ghosted.delete(id);
    state.sync();
    this.showGhosts();
  }

  /** Every model left: frees the state texture (x-ray stays as it was set). */
  clear(): void {
    this.current?.dispose();
    this.current = null;
    this.uniforms.elementState.value = null;
  }
}
