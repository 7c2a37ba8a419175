/**
 * The three-free preview reads the converter's real output (a generated house: batches, instanced
 * doors and windows, glazing, 17 materials) as the engine does: the same world box (so the same
 * first view), a draw per untextured primitive with its instances, and decoded streams the
 * engine's own decode takes instead of decoding again.
 */
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertModel } from '@truss/converter';
import { houseIfc } from '@truss/converter/testing/house-ifc';
import { fitBox, fitBoxInView } from '../navigation/camera-math.ts';
import {
  fitBoxInViewPlain,
  fitBoxPlain,
  ISO_DIRECTION,
  NO_INSETS,
} from '../navigation/fit-math.ts';
import { decodeGlb } from '../core/loader.ts';
import { DecodedStreams, PreviewFormatError, readBufferViews, readGlb } from './glb-streams.ts';
import { composeTrs, lookAt, perspective } from './mat4.ts';
import { WARM_LAYOUT } from './preview-gl.ts';
import { readPreviewScene, widestBatch } from './preview-scene.ts';
import { viewAxes } from '../navigation/fit-math.ts';

let glb: ArrayBuffer;

beforeAll(async () => {
  const result = await convertModel({
    bytes: new TextEncoder().encode(houseIfc({ storeys: 2 })),
    filename: 'house.ifc',
  });
  glb = result.glb.slice().buffer;
}, 60_000);

async function readScene() {
  const container = readGlb(glb);
  const streams = new DecodedStreams();
  const views = await readBufferViews(container, streams);
  return { container, streams, views, scene: readPreviewScene(container.json, views) };
}

describe('the model preview', () => {
  it('frames the world box the engine computes from the same file', async () => {
    const { scene } = await readScene();
    const engineBox = new THREE.Box3().setFromObject(await decodeGlb(glb));
    expect(engineBox.isEmpty()).toBe(false);
    for (const axis of [0, 1, 2] as const) {
      expect(scene.box.min[axis]).toBeCloseTo(engineBox.min.getComponent(axis), 4);
      expect(scene.box.max[axis]).toBeCloseTo(engineBox.max.getComponent(axis), 4);
    }
    // And so the engine's first view (iso, fitted) is the preview's.
    const plain = fitBoxPlain(scene.box.min, scene.box.max, ISO_DIRECTION, 45, 1.4);
    const engine = fitBox(engineBox, new THREE.Vector3(...ISO_DIRECTION), 45, 1.4);
    expect(plain.distance).toBeCloseTo(engine.position.distanceTo(engine.target), 3);
    plain.target.forEach((v, axis) => expect(v).toBeCloseTo(engine.target.getComponent(axis), 4));
    // With a page's toolbar across the bottom too (the preview is given what the engine's
    // navigation is given), and the model moved up out of the band.
    const insets = { top: 0, right: 0, bottom: 54, left: 0 };
    const [width, height] = [704, 752];
    const covered = fitBoxInViewPlain(
      scene.box.min,
      scene.box.max,
      ISO_DIRECTION,
      45,
      width,
      height,
      insets,
    );
    const direction = new THREE.Vector3(...ISO_DIRECTION);
    const navigation = fitBoxInView(engineBox, direction, 45, width, height, insets);
    expect(covered.distance).toBeCloseTo(navigation.position.distanceTo(navigation.target), 3);
    covered.target.forEach((v, axis) =>
      expect(v).toBeCloseTo(navigation.target.getComponent(axis), 4),
    );
    const open = fitBoxInView(engineBox, direction, 45, width, height, NO_INSETS);
    const camera = new THREE.PerspectiveCamera(45, width / height, 0.01, 1e4);
    camera.position.copy(navigation.position);
    camera.lookAt(navigation.target);
    camera.updateMatrixWorld();
    const centre = engineBox.getCenter(new THREE.Vector3()).project(camera);
    // The box centre sits in the middle of what the band leaves: 27 px above the canvas middle.
    expect(((1 - centre.y) / 2) * height).toBeCloseTo((height - 54) / 2, 0);
    expect(open.target.distanceTo(navigation.target)).toBeGreaterThan(0);
  });

  it('draws every primitive, the instanced ones once per instance, glazing blended', async () => {
    const { container, scene } = await readScene();
    const json = container.json;
    const primitives = (json.meshes as { primitives: unknown[] }[]).flatMap((m) => m.primitives);
    expect(scene.draws).toHaveLength(primitives.length);
    const instanced = scene.draws.filter((d) => d.instances);
    expect(instanced.length).toBeGreaterThan(0);
    for (const draw of instanced) {
      expect(draw.instances!.count).toBeGreaterThan(1);
      expect(draw.instances!.translation).not.toBeNull();
      expect(draw.instances!.rotation).not.toBeNull();
    }
    expect(scene.draws.some((d) => d.blend && d.baseColor[3] < 1)).toBe(true);
    for (const draw of scene.draws) {
      expect(draw.indices?.count ?? draw.count).toBeGreaterThan(0);
      // Quantized positions: integers on the node's grid, scaled by its matrix.
      expect(draw.position.type).toBe(5123);
    }
  });

  it('draws by default the batch spanning most of the model (its shell), not instanced', async () => {
    const { scene } = await readScene();
    const [widest, ...more] = widestBatch(scene.draws);
    expect(more).toEqual([]);
    expect(widest!.instances).toBeNull();
    expect(widest!.blend).toBe(false);
    // The shell spans (nearly) the whole building's box.
    const whole = Math.hypot(...scene.box.max.map((max, axis) => max - scene.box.min[axis]!));
    expect(widest!.span).toBeGreaterThan(0.8 * whole);
    for (const draw of scene.draws.filter((d) => !d.instances && !d.blend)) {
      expect(draw.span).toBeLessThanOrEqual(widest!.span);
    }
    // Nothing to draw (every material textured, say): no draw.
    expect(widestBatch([])).toEqual([]);
  });

  it('warms up its GPU pipeline with the vertex layout of the batch it draws', async () => {
    const { scene } = await readScene();
    const [shell] = widestBatch(scene.draws);
    expect(shell).toBeDefined();
    expect(shell!.position).toMatchObject({
      type: WARM_LAYOUT.positionType,
      size: 3,
      normalized: false,
      stride: WARM_LAYOUT.positionStride,
    });
    expect(shell!.indices?.type).toBe(WARM_LAYOUT.indexType);
    expect(shell!.color).toBeNull();
    expect(shell!.instances).toBeNull();
  });

  it("hands its decoded streams to the engine's decode, which then decodes nothing itself", async () => {
    const { streams } = await readScene();
    expect(streams.size).toBeGreaterThan(3);
    const shared = await decodeGlb(glb, streams);
    expect(streams.size).toBe(0);
    const own = await decodeGlb(glb);
    const positions = (root: THREE.Object3D) => {
      const out: number[] = [];
      root.traverse((o) => {
        const mesh = o as THREE.Mesh;
        if (mesh.isMesh) out.push(...Array.from(mesh.geometry.getAttribute('position').array));
      });
      return out;
    };
    expect(positions(shared)).toEqual(positions(own));
  });

  it("composes transforms and cameras as three.js does (the engine's)", () => {
    const q = new THREE.Quaternion().setFromEuler(new THREE.Euler(0.3, -1.1, 2.2));
    const trs = composeTrs([1, -2, 3], q.toArray(), [2, 0.5, 1.5]);
    const three = new THREE.Matrix4().compose(
      new THREE.Vector3(1, -2, 3),
      q,
      new THREE.Vector3(2, 0.5, 1.5),
    );
    three.elements.forEach((v, i) => expect(trs[i]).toBeCloseTo(v, 9));
    const camera = new THREE.PerspectiveCamera(45, 1.5, 0.5, 80);
    camera.position.set(10, 8, 10);
    camera.lookAt(0, 1, 0);
    camera.updateMatrixWorld();
    const back = new THREE.Vector3(10, 7, 10).normalize().toArray();
    const { right, up } = viewAxes(back);
    const view = lookAt([10, 8, 10], [0, 1, 0], right, up);
    camera.matrixWorldInverse.elements.forEach((v, i) => expect(view[i]).toBeCloseTo(v, 9));
    const projection = perspective(45, 1.5, 0.5, 80);
    camera.projectionMatrix.elements.forEach((v, i) => expect(projection[i]).toBeCloseTo(v, 9));
  });

  it('refuses what is not a binary glTF', () => {
    expect(() => readGlb(new TextEncoder().encode('{"asset":{}}').buffer)).toThrow(
      PreviewFormatError,
    );
    const truncated = glb.slice(0, 64);
    expect(() => readGlb(truncated)).toThrow(PreviewFormatError);
  });
});
