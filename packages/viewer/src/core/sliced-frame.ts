/**
 * Progressive frames for big scenes: when the model holds more triangles than one frame may
 * draw (`budget`), its picture is drawn over several animation frames on the canvas (its drawing
 * buffer preserved between frames), a slice of at most `budget` triangles each, the biggest
 * batches (the coarse chunk's) first, each frame showing the picture so far. A new frame (the
 * camera moved, a chunk came, the state changed) starts the picture again, so while the camera
 * moves the frames stay cheap and show the coarse model, and at rest the picture completes in a
 * few frames. (An offscreen target composed onto the canvas was tried first: three compiles a
 * second program per material for a target, and the helpers need its depth copied back.)
 *
 * Why: a software GPU (SwiftShader) draws a 200,000-element tower (3.4 M triangles) in 2-6 s,
 * and the page's main thread waits for it (each commit reads the canvas back, waiting for the
 * GPU): one frame of the whole model held every click and drag that long. Slices bound that wait
 * (what remains is the readback's own cost per frame). Real GPUs draw the model in one slice.
 *
 * The budget follows the slices' real cost: a fence after each slice says when the GPU is done
 * with it (the next slice waits for that, so slices never queue up in the GPU process), and the
 * budget grows while slices are done within TARGET_SLICE_MS and shrinks when one takes longer.
 */
import type * as THREE from 'three';

/** Triangles of the first slices (adjusted to the frame time from there). */
export const INITIAL_BUDGET = 150_000;
const MIN_BUDGET = 100_000;
const MAX_BUDGET = 1_000_000;
/** What one slice should cost, ms (the main thread's long-task limit is 50 ms). */
const TARGET_SLICE_MS = 30;

type Drawable = THREE.Mesh | THREE.LineSegments;

interface Item {
  object: Drawable;
  /** Units to draw: indices (or vertices) of a mesh, instances of an instanced mesh. */
  units: number;
  /** Triangles per unit. */
  weight: number;
  instanced: boolean;
}

function itemOf(object: Drawable): Item | null {
  const geometry = object.geometry;
  const position = geometry?.getAttribute('position');
  if (!position) return null;
  const elements = geometry.index ? geometry.index.count : position.count;
  const instanced = (object as THREE.InstancedMesh).isInstancedMesh === true;
  if (instanced) {
    const count = (object as THREE.InstancedMesh).count;
    return { object, units: count, weight: Math.max(1, elements / 3), instanced };
  }
  return { object, units: elements, weight: 1 / 3, instanced };
}

/** Opaque first (their order in the scene: the coarse chunk's batches first), then the rest. */
function late(object: Drawable): boolean {
  const material = object.material as THREE.Material;
  return (
    !(object as THREE.Mesh).isMesh || material.transparent === true || object.renderOrder !== 0
  );
}

/** Visible drawables under the groups, in scene order (a parent hidden hides its children). */
export function drawablesOf(groups: readonly THREE.Object3D[]): Drawable[] {
  const found: Drawable[] = [];
  const visit = (object: THREE.Object3D) => {
    if (!object.visible) return;
    const drawable = object as Drawable;
    if ((drawable as THREE.Mesh).isMesh || (drawable as THREE.LineSegments).isLineSegments)
      found.push(drawable);
    for (const child of object.children) visit(child);
  };
  for (const group of groups) visit(group);
  return found;
}

/** Triangles of the visible drawables (instances counted). */
export function trianglesOf(drawables: readonly Drawable[]): number {
  let total = 0;
  for (const object of drawables) {
    const item = itemOf(object);
    if (item) total += item.units * item.weight;
  }
  return total;
}

export class SlicedFrames {
  budget = INITIAL_BUDGET;
  private plan: Item[] = [];
  private cursor = 0;
  /** Units of plan[cursor] already drawn. */
  private drawnUnits = 0;
  /** The GPU's fence after the last slice, and when it was set. */
  private fence: WebGLSync | null = null;
  private fenceAt = 0;
  /** Draw calls of the picture so far. */
  drawCalls = 0;
  triangles = 0;

  /** True while the picture is not complete. */
  get pending(): boolean {
    return this.cursor < this.plan.length;
  }

  /** Starts a new picture of these drawables (scene order). */
  begin(drawables: readonly Drawable[]): void {
    const items = drawables.map(itemOf).filter((item): item is Item => item !== null);
    this.plan = [
      ...items.filter((item) => !late(item.object)),
      ...items.filter((item) => late(item.object)),
    ];
    this.cursor = 0;
    this.drawnUnits = 0;
    this.drawCalls = 0;
    this.triangles = 0;
  }

  /**
   * Whether the GPU is done with the last slice (no fence: yes); the time it took adjusts the
   * budget. Sync status changes only between tasks, so this is asked on the next frames.
   */
  ready(renderer: THREE.WebGLRenderer): boolean {
    const fence = this.fence;
    if (!fence) return true;
    const gl = renderer.getContext() as WebGL2RenderingContext;
    if (gl.getSyncParameter(fence, gl.SYNC_STATUS) !== gl.SIGNALED) return false;
    gl.deleteSync(fence);
    this.fence = null;
    this.adjust(performance.now() - this.fenceAt);
    return true;
  }

  /** Draws the next slice on the canvas (cleared to the background when the picture starts). */
  step(renderer: THREE.WebGLRenderer, scene: THREE.Scene, camera: THREE.Camera): void {
    const first = this.cursor === 0 && this.drawnUnits === 0;
    const restore = this.selectSlice();
    const background = scene.background;
    const autoClear = renderer.autoClear;
    try {
      // Three clears for a colour background whatever autoClear says.
      if (!first) scene.background = null;
      renderer.autoClear = first;
      renderer.render(scene, camera);
    } finally {
      scene.background = background;
      renderer.autoClear = autoClear;
      restore();
    }
    this.drawCalls += renderer.info.render.calls;
    this.triangles += renderer.info.render.triangles;
    this.setFence(renderer);
  }

  private setFence(renderer: THREE.WebGLRenderer): void {
    const gl = renderer.getContext() as WebGL2RenderingContext;
    if (typeof gl.fenceSync !== 'function') return;
    if (this.fence) gl.deleteSync(this.fence);
    this.fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    gl.flush();
    this.fenceAt = performance.now();
  }

  /** Frames cost what the GPU takes for them: the slice follows to about TARGET_SLICE_MS. */
  private adjust(intervalMs: number): void {
    // Seen at the next animation frame at the earliest: a slice done within one counts as fast.
    const factor = Math.min(2, Math.max(0.25, TARGET_SLICE_MS / Math.max(1, intervalMs)));
    this.budget = Math.min(MAX_BUDGET, Math.max(MIN_BUDGET, Math.round(this.budget * factor)));
  }

  /**
   * Shows only the next slice's drawables (whole or a range of them) and returns how to put
   * everything back as it was.
   */
  private selectSlice(): () => void {
    const chosen: { item: Item; start: number; count: number }[] = [];
    let left = this.budget;
    while (this.cursor < this.plan.length && left > 0) {
      const item = this.plan[this.cursor]!;
      const remaining = item.units - this.drawnUnits;
      // Only merged meshes are cut, in whole triangles; instanced groups and lines go whole.
      const cuttable = !item.instanced && (item.object as THREE.Mesh).isMesh;
      let count = remaining;
      if (cuttable && remaining * item.weight > left)
        count = Math.max(3, Math.floor(left / item.weight / 3) * 3);
      const start = this.drawnUnits;
      count = Math.min(count, remaining);
      chosen.push({ item, start, count });
      left -= count * item.weight;
      this.drawnUnits += count;
      if (this.drawnUnits >= item.units) {
        this.cursor++;
        this.drawnUnits = 0;
      }
      // A mesh drawn in part is its slice's last: a ghost shares its geometry (and range).
      if (start > 0 || count < item.units) break;
    }
    const inSlice = new Set(chosen.map((c) => c.item.object));
    const restores: (() => void)[] = [];
    for (const item of this.plan) {
      const object = item.object;
      if (inSlice.has(object) || !object.visible) continue;
      object.visible = false;
      restores.push(() => (object.visible = true));
    }
    for (const { item, start, count } of chosen) {
      if (start === 0 && count === item.units) continue;
      const geometry = item.object.geometry;
      const before = { start: geometry.drawRange.start, count: geometry.drawRange.count };
      geometry.setDrawRange(start, count);
      restores.push(() => geometry.setDrawRange(before.start, before.count));
    }
    return () => {
      for (const restore of restores) restore();
    };
  }

  dispose(renderer: THREE.WebGLRenderer): void {
    if (this.fence) (renderer.getContext() as WebGL2RenderingContext).deleteSync(this.fence);
    this.fence = null;
    this.plan = [];
  }
}
