/**
 * Progressive scene building: meshes go into the scene in slices of a few milliseconds, largest
 * batches first and instanced groups after, with a frame drawn after the first slice — so the
 * building shows before the last batch is in.
 */
import type { ModelMesh } from './model.ts';
import { nextFrame, throwIfAborted } from './loader.ts';

const SLICE_MS = 12;

/** Largest batches first, then instanced groups by drawn triangles. */
export function buildOrder(meshes: readonly ModelMesh[]): ModelMesh[] {
  const weight = (m: ModelMesh) =>
    m.triangles * (m.instanced ? (m.mesh as unknown as { count: number }).count : 1);
  return [...meshes].sort(
    (a, b) => Number(a.instanced) - Number(b.instanced) || weight(b) - weight(a),
  );
}

export async function addProgressively(
  meshes: readonly ModelMesh[],
  add: (entry: ModelMesh) => void,
  hooks: {
    firstFrame(): void;
    progress(fraction: number): void;
    signal?: AbortSignal | undefined;
    /** Everything before the first frame (a preview of the whole model is showing). */
    whole?: boolean;
  },
): Promise<void> {
  const ordered = buildOrder(meshes);
  let index = 0;
  let first = true;
  while (index < ordered.length) {
    throwIfAborted(hooks.signal);
    const started = performance.now();
    // The first slice is the largest batch alone: the building shows as early as possible.
    do add(ordered[index++]!);
    while (
      index < ordered.length &&
      ((first && hooks.whole) || (!first && performance.now() - started < SLICE_MS))
    );
    hooks.progress(index / ordered.length);
    if (first) {
      first = false;
      hooks.firstFrame();
    }
    if (index < ordered.length) await nextFrame();
  }
  if (first) hooks.firstFrame();
}
