/**
 * A stable hash of each element's triangles in world coordinates (metres, glTF axes, before the
 * recentring shift, so removing one element elsewhere, which moves the model's centre, changes
 * no other element's hash). Version comparison uses it: an element whose hash differs between
 * two versions has changed shape or moved.
 *
 * - Coordinates are snapped to a 1 mm grid, offset by a fraction of a millimetre so that the
 *   round and half-millimetre values drawings are made of sit far from a rounding boundary:
 *   float noise of different tessellations or placement chains (1e-9 m) does not count, a door
 *   moved by 1 mm or more does.
 * - The hash ignores the order of triangles and placements and where a triangle's corners start
 *   (a re-export that lists the same triangles differently has the same hash).
 * - 64 bits (two 32-bit lanes) plus the triangle count, as 16 + hex characters.
 */
import type { SceneGeometry } from '../scene.ts';
import type { Mat4 } from './matrix.ts';

/** Grid cells per metre. */
const CELLS_PER_METRE = 1000;
/** Grid offset in cells (an irrational-looking fraction, away from 0 and 0.5). */
const GRID_OFFSET = 0.2371;
const TWO_32 = 4294967296;

/** Per-vertex hashes (two lanes) of the placement being added, shared by every hasher. */
let scratchA = new Uint32Array(0);
let scratchB = new Uint32Array(0);

function mix32(h: number, value: number): number {
  h = Math.imul(h ^ value, 0x5bd1e995);
  return h ^ (h >>> 15);
}

function finish32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Accumulates the triangles of one element; order-independent (sums of per-triangle hashes). */
export class GeometryHasher {
  #lo = 0;
  #hi = 0;
  #triangles = 0;

  get triangles(): number {
    return this.#triangles;
  }

  /** Adds the triangles of `geometry` placed with the column-major world matrix `m`. */
  add(geometry: SceneGeometry, m: Mat4): void {
    const { positions, indices } = geometry;
    const count = positions.length / 3;
    if (scratchA.length < count) {
      scratchA = new Uint32Array(count);
      scratchB = new Uint32Array(count);
    }
    const a = scratchA;
    const b = scratchB;
    for (let v = 0; v < count; v++) {
      const x = positions[v * 3]!;
      const y = positions[v * 3 + 1]!;
      const z = positions[v * 3 + 2]!;
      let ha = 0x9747b28c;
      let hb = 0x1b873593;
      for (let axis = 0; axis < 3; axis++) {
        const world = m[axis]! * x + m[4 + axis]! * y + m[8 + axis]! * z + m[12 + axis]!;
        const cell = Math.round(world * CELLS_PER_METRE + GRID_OFFSET);
        const low = cell | 0;
        const high = Math.floor(cell / TWO_32) | 0;
        ha = mix32(mix32(ha, low), high);
        hb = mix32(mix32(hb, high ^ 0x27d4eb2f), low);
      }
      a[v] = finish32(ha);
      b[v] = finish32(hb);
    }
    for (let t = 0; t + 2 < indices.length; t += 3) {
      const i = indices[t]!;
      const j = indices[t + 1]!;
      const k = indices[t + 2]!;
      // Symmetric in the three corners: the same triangle from any starting corner or winding.
      const sa = (a[i]! + a[j]! + a[k]!) >>> 0;
      const xa = a[i]! ^ a[j]! ^ a[k]!;
      const sb = (b[i]! + b[j]! + b[k]!) >>> 0;
      const xb = b[i]! ^ b[j]! ^ b[k]!;
      this.#lo = (this.#lo + finish32(mix32(mix32(0x3c6ef372, sa), xa))) >>> 0;
      this.#hi = (this.#hi + finish32(mix32(mix32(0xa54ff53a, sb), xb))) >>> 0;
    }
    this.#triangles += Math.floor(indices.length / 3);
  }

  /** '' for an element without triangles. */
  digest(): string {
    if (this.#triangles === 0) return '';
    const hex = (n: number) => n.toString(16).padStart(8, '0');
    // Joined, not a template: one flat string kept per element, not a cons string of three.
    return [hex(this.#hi), hex(this.#lo), this.#triangles.toString(16)].join('');
  }
}
