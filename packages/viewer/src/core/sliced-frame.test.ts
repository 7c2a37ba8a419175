import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { drawablesOf, SlicedFrames, trianglesOf } from './sliced-frame.ts';

/** A mesh of `triangles` indexed triangles (positions are irrelevant here). */
function batch(name: string, triangles: number, options: { transparent?: boolean } = {}) {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(9), 3));
  geometry.setIndex(new THREE.BufferAttribute(new Uint32Array(triangles * 3), 1));
  const material = new THREE.MeshBasicMaterial({ transparent: options.transparent ?? false });
  const mesh = new THREE.Mesh(geometry, material);
  mesh.name = name;
  return mesh;
}

/** What each render into the target drew: visible drawables and their index ranges. */
function recordingRenderer() {
  const slices: string[][] = [];
  let clears = 0;
  const renderer = {
    autoClear: true,
    info: { render: { calls: 0, triangles: 0 } },
    getContext: () => ({}),
    render(scene: THREE.Scene) {
      if (!scene.getObjectByName('root')) return; // the compose pass
      if (this.autoClear && scene.background) clears++;
      const drawn = drawablesOf([scene]).map((object) => {
        const range = object.geometry.drawRange;
        const count = Number.isFinite(range.count) ? range.count : object.geometry.index!.count;
        return `${object.name}:${range.start}+${count}`;
      });
      slices.push(drawn);
    },
  };
  return { renderer: renderer as unknown as THREE.WebGLRenderer, slices, clears: () => clears };
}

describe('sliced frames', () => {
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xffffff);
  const root = new THREE.Group();
  root.name = 'root';
  const glass = batch('glass', 10, { transparent: true });
  const coarse = batch('coarse', 100);
  const chunk = batch('chunk', 250);
  const hidden = batch('hidden', 1000);
  hidden.visible = false;
  root.add(glass, coarse, chunk, hidden);
  scene.add(root);
  const camera = new THREE.PerspectiveCamera();

  it('counts the visible triangles only', () => {
    expect(trianglesOf(drawablesOf([root]))).toBe(360);
  });

  it('draws opaque batches first, cut into whole triangles, one clear per picture', () => {
    const { renderer, slices, clears } = recordingRenderer();
    const frames = new SlicedFrames();
    frames.budget = 150;
    frames.begin(drawablesOf([root]));
    let frame = 0;
    do frames.step(renderer, scene, camera);
    while (frames.pending && ++frame < 10);
    expect(slices).toEqual([
      ['coarse:0+300', 'chunk:0+150'],
      ['chunk:150+450'],
      // The rest of a cut mesh goes alone (a ghost drawing its geometry must not get its range).
      ['chunk:600+150'],
      ['glass:0+30'],
    ]);
    expect(clears()).toBe(1);
    // Everything is as it was: visibility and draw ranges.
    expect([glass, coarse, chunk].every((mesh) => mesh.visible)).toBe(true);
    expect(hidden.visible).toBe(false);
    expect(chunk.geometry.drawRange.count).toBe(Infinity);
    frames.dispose(renderer);
  });

  it('starts the picture again on begin', () => {
    const { renderer, slices, clears } = recordingRenderer();
    const frames = new SlicedFrames();
    frames.budget = 400;
    frames.begin(drawablesOf([root]));
    frames.step(renderer, scene, camera);
    frames.begin(drawablesOf([root]));
    frames.step(renderer, scene, camera);
    expect(slices[1]).toEqual(slices[0]);
    expect(clears()).toBe(2);
    frames.dispose(renderer);
  });

  it('waits for the GPU to finish a slice, and grows the budget when slices are quick', () => {
    let signaled = false;
    const gl = {
      SYNC_GPU_COMMANDS_COMPLETE: 1,
      SYNC_STATUS: 2,
      SIGNALED: 3,
      fenceSync: () => ({}),
      deleteSync: () => undefined,
      flush: () => undefined,
      getSyncParameter: () => (signaled ? 3 : 4),
    };
    const { renderer } = recordingRenderer();
    (renderer as unknown as { getContext: () => unknown }).getContext = () => gl;
    const frames = new SlicedFrames();
    frames.budget = 120_000;
    frames.begin(drawablesOf([root]));
    expect(frames.ready(renderer)).toBe(true);
    frames.step(renderer, scene, camera);
    expect(frames.ready(renderer)).toBe(false);
    expect(frames.budget).toBe(120_000);
    signaled = true;
    expect(frames.ready(renderer)).toBe(true);
    // Done at once: twice the triangles next time.
    expect(frames.budget).toBe(240_000);
    frames.dispose(renderer);
  });
});
