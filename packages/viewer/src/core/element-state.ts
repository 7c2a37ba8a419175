/**
 * Per-element display state packed into one RGBA8 texel per element id: RGB = colour override,
 * A = flags. Every model material samples it by `_ELEMENT_ID`, so colour, visibility and
 * highlight change without splitting the converter's batches (one texture upload per change).
 */
import * as THREE from 'three';
import type { Color } from '../api-types.ts';

export const FLAG_HIDDEN = 1;
export const FLAG_SELECTED = 2;
export const FLAG_COLOR = 4;
/** Small elements, hidden by the frame-rate guard while the camera moves on slow devices. */
export const FLAG_SMALL = 8;
/** Drawn faintly in the ghost pass (in its colour override, if any) whatever the x-ray mode. */
export const FLAG_GHOST = 16;

/** Texels per row: 4096 rows of 1024 hold 4 M elements within WebGL2's minimum texture size. */
export const STATE_WIDTH = 1024;

export function stateTextureSize(count: number): { width: number; height: number } {
  return { width: STATE_WIDTH, height: Math.max(1, Math.ceil(count / STATE_WIDTH)) };
}

/** Writes one element's texel into `data` (RGBA8). */
export function packElementState(
  data: Uint8Array,
  id: number,
  state: {
    hidden: boolean;
    selected: boolean;
    color: Color | null;
    small?: boolean;
    ghosted?: boolean;
  },
): void {
  const o = id * 4;
  const color = state.color ?? 0;
  data[o] = (color >> 16) & 255;
  data[o + 1] = (color >> 8) & 255;
  data[o + 2] = color & 255;
  data[o + 3] =
    (state.hidden ? FLAG_HIDDEN : 0) |
    (state.selected ? FLAG_SELECTED : 0) |
    (state.color === null ? 0 : FLAG_COLOR) |
    (state.small ? FLAG_SMALL : 0) |
    (state.ghosted ? FLAG_GHOST : 0);
}

export function unpackElementState(
  data: Uint8Array,
  id: number,
): {
  hidden: boolean;
  selected: boolean;
  color: Color | null;
  small: boolean;
  ghosted: boolean;
} {
  const o = id * 4;
  const flags = data[o + 3]!;
  return {
    hidden: (flags & FLAG_HIDDEN) !== 0,
    selected: (flags & FLAG_SELECTED) !== 0,
    color: flags & FLAG_COLOR ? (data[o]! << 16) | (data[o + 1]! << 8) | data[o + 2]! : null,
    small: (flags & FLAG_SMALL) !== 0,
    ghosted: (flags & FLAG_GHOST) !== 0,
  };
}

/**
 * The source of truth for hidden / isolated / selected / colours, and the texture mirroring it.
 * Visibility = not hidden and (no isolation or isolated).
 */
export class ElementState {
  readonly count: number;
  readonly data: Uint8Array;
  readonly texture: THREE.DataTexture;
  readonly hidden = new Set<number>();
  isolated: Set<number> | null = null;
  readonly selected = new Set<number>();
  readonly colors = new Map<number, Color>();
  /** Elements the frame-rate guard may drop while moving (set once after loading). */
  readonly small = new Set<number>();
  /** Elements drawn as ghosts (see FLAG_GHOST). */
  readonly ghosted = new Set<number>();

  constructor(count: number) {
    this.count = count;
    const { width, height } = stateTextureSize(count);
    this.data = new Uint8Array(width * height * 4);
    this.texture = new THREE.DataTexture(this.data, width, height, THREE.RGBAFormat);
    this.texture.magFilter = THREE.NearestFilter;
    this.texture.minFilter = THREE.NearestFilter;
    this.texture.generateMipmaps = false;
    this.texture.needsUpdate = true;
  }

  /** A state for `count` elements with everything `old` holds (a model range was added). */
  static grown(old: ElementState, count: number): ElementState {
    const state = new ElementState(count);
    for (const id of old.hidden) state.hidden.add(id);
    state.isolated = old.isolated ? new Set(old.isolated) : null;
    for (const id of old.selected) state.selected.add(id);
    for (const [id, color] of old.colors) state.colors.set(id, color);
    for (const id of old.small) state.small.add(id);
    for (const id of old.ghosted) state.ghosted.add(id);
    return state;
  }

  isVisible(id: number): boolean {
    return !this.hidden.has(id) && (this.isolated === null || this.isolated.has(id));
  }

  /** Recomputes the texels of `ids` (all when omitted) and flags the texture for upload. */
  sync(ids?: Iterable<number>): void {
    const write = (id: number) => {
      if (id < 0 || id >= this.count) return;
      packElementState(this.data, id, {
        hidden: !this.isVisible(id),
        selected: this.selected.has(id),
        color: this.colors.get(id) ?? null,
        small: this.small.has(id),
        ghosted: this.ghosted.has(id),
      });
    };
    if (ids) for (const id of ids) write(id);
    else for (let id = 0; id < this.count; id++) write(id);
    this.texture.needsUpdate = true;
  }

  dispose(): void {
    this.texture.dispose();
  }
}
