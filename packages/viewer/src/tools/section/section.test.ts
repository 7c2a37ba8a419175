import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { Vec3 } from '../../api-types.ts';
import { createFakeContext } from '../../testing/fake-context.ts';
import { SectionTool } from './section-tool.ts';
import {
  boxPlanes,
  closestAxisParam,
  cutNormalForFace,
  moveBoxFace,
  parseSectionState,
  planeFromPointNormal,
  signedDistance,
  toThreePlane,
} from './planes.ts';

const lastSectionEvent = (events: Array<{ type: string; event: unknown }>) =>
  events.filter((e) => e.type === 'section-change').at(-1)?.event;

describe('section plane convention', () => {
  it('keeps the side the normal points to and cuts the other, as three.js clipping does', () => {
    const plane = planeFromPointNormal([1, 2, 3], [0, 0, 2]);
    expect(plane.normal).toEqual([0, 0, 1]);
    expect(plane.constant).toBeCloseTo(-3, 12);
    expect(signedDistance(plane, [5, 5, 4])).toBeCloseTo(1, 12);
    expect(signedDistance(plane, [0, 0, 2])).toBeCloseTo(-1, 12);
    // three.js clips fragments whose distance to a clipping plane is negative.
    expect(toThreePlane(plane).distanceToPoint(new THREE.Vector3(0, 0, 2))).toBeLessThan(0);
    expect(() => planeFromPointNormal([0, 0, 0], [0, 0, 0])).toThrow(/zero/);
  });

  it('orients a clicked face so everything between the face and the camera is cut away', () => {
    const eye: Vec3 = [2, 3, 10];
    const hit: Vec3 = [1, 1, 0];
    const view: Vec3 = [hit[0] - eye[0], hit[1] - eye[1], hit[2] - eye[2]];
    for (const faceNormal of [[0, 0, 1] as Vec3, [0, 0, -1] as Vec3]) {
      const normal = cutNormalForFace(faceNormal, view);
      expect(normal).toEqual([0, 0, -1]);
      const plane = planeFromPointNormal(hit, normal);
      expect(signedDistance(plane, eye)).toBeLessThan(0);
      expect(signedDistance(plane, [1, 1, -0.5])).toBeGreaterThan(0);
    }
    const noNormal = cutNormalForFace(null, [0, 3, -4]);
    expect(noNormal[1]).toBeCloseTo(0.6, 12);
    expect(noNormal[2]).toBeCloseTo(-0.8, 12);
  });
});

describe('section box', () => {
  it('becomes six inward planes that keep exactly the inside', () => {
    const planes = boxPlanes([-1, -2, -3], [1, 2, 3]);
    expect(planes.map((p) => [...p.normal, p.constant])).toEqual([
      [1, 0, 0, 1],
      [-1, 0, 0, 1],
      [0, 1, 0, 2],
      [0, -1, 0, 2],
      [0, 0, 1, 3],
      [0, 0, -1, 3],
    ]);
    const inside: Vec3 = [0.9, -1.9, 2.9];
    expect(planes.every((p) => signedDistance(p, inside) > 0)).toBe(true);
    const outside: Vec3 = [0, 2.5, 0];
    expect(planes.map((p) => signedDistance(p, outside) < 0)).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
    ]);
  });

  it('drags a face but never past the opposite one', () => {
    const box = { min: [0, 0, 0] as Vec3, max: [4, 4, 4] as Vec3 };
    expect(moveBoxFace(box, 1, 6, 0.01).max).toEqual([6, 4, 4]);
    expect(moveBoxFace(box, 1, -3, 0.01).max).toEqual([0.01, 4, 4]);
    expect(moveBoxFace(box, 4, 9, 0.5).min).toEqual([0, 0, 3.5]);
    expect(box.max).toEqual([4, 4, 4]);
  });
});

describe('dragging along an axis', () => {
  it('finds the axis point nearest to the pointer ray, or null when looking along the axis', () => {
    const ray = new THREE.Ray(new THREE.Vector3(3, 0, 10), new THREE.Vector3(0, 0, -1));
    expect(closestAxisParam([0, 0, 0], [1, 0, 0], ray)).toBeCloseTo(3, 12);
    expect(closestAxisParam([0, 0, 0], [0, 0, 1], ray)).toBeNull();
  });
});

describe('SectionTool', () => {
  it('clips with enabled planes and the box, emits every change, and round-trips its state', () => {
    const fake = createFakeContext();
    const section = new SectionTool(fake.ctx);
    const a = section.addPlane([0, 0, 1], [0, 0, 1]);
    const b = section.addPlane([2, 0, 0], [-1, 0, 0]);
    expect(fake.clipping.get('section')).toHaveLength(2);
    section.setBox({ min: [5, 5, 5], max: [-5, -5, -5] });
    expect(section.get().box).toEqual({ min: [-5, -5, -5], max: [5, 5, 5], enabled: true });
    expect(fake.clipping.get('section')).toHaveLength(8);
    section.updatePlane(b, { enabled: false });
    expect(fake.clipping.get('section')).toHaveLength(7);
    section.updatePlane(a, { constant: -3 });
    expect(section.get().planes[0]).toMatchObject({ normal: [0, 0, 1], constant: -3 });
    expect(lastSectionEvent(fake.events)).toEqual(section.get());

    const state = section.getState();
    const other = createFakeContext();
    const restored = new SectionTool(other.ctx);
    restored.setState(state);
    expect(restored.getState()).toEqual(state);
    const planes = (f: typeof fake) =>
      f.clipping.get('section')?.map((p) => [p.normal.toArray(), p.constant]);
    expect(planes(other)).toEqual(planes(fake));
    // The ids in a restored state stay unique when planes are added afterwards.
    const c = restored.addPlane([0, 0, 0], [0, 1, 0]);
    expect(new Set(restored.get().planes.map((p) => p.id)).size).toBe(3);
    expect([a, b]).not.toContain(c);

    // get() hands out copies.
    state.planes[0]!.normal[0] = 99;
    expect(section.get().planes[0]!.normal[0]).toBe(0);

    section.removePlane(a);
    section.clear();
    expect(section.get()).toEqual({ planes: [], box: null });
    expect(fake.clipping.get('section')).toEqual([]);
    section.dispose();
    expect(fake.ctx.helperScene.children).toHaveLength(0);
    expect(fake.ctx.overlayScene.children).toHaveLength(0);
  });

  it('rejects malformed states from viewpoints', () => {
    expect(() =>
      parseSectionState({ planes: [{ id: 'a', normal: [0, 0, 0], constant: 0 }] }),
    ).toThrow();
    expect(() =>
      parseSectionState({
        planes: [
          { id: 'a', normal: [1, 0, 0], constant: 0 },
          { id: 'a', normal: [1, 0, 0], constant: 1 },
        ],
      }),
    ).toThrow(/unique/);
    expect(() => parseSectionState({ box: { min: [0, 0, 'x'], max: [1, 1, 1] } })).toThrow();
    const parsed = parseSectionState({
      planes: [{ id: 'a', normal: [0, 2, 0], constant: 4, enabled: true }],
    });
    expect(parsed.planes[0]).toEqual({ id: 'a', normal: [0, 1, 0], constant: 2, enabled: true });
  });

  it('adds a plane on a clicked face that cuts away the camera side', () => {
    const fake = createFakeContext({ eye: [3, -4, 20] });
    const section = new SectionTool(fake.ctx);
    fake.setRaycast(() => ({
      elementId: 1,
      point: [0.5, 0.5, 2],
      normal: [0, 0, 1],
      triangle: [
        [0, 0, 2],
        [1, 0, 2],
        [0, 1, 2],
      ],
      distance: 18,
    }));
    fake.ctx.setTool('section-plane');
    expect(fake.handlers().onClick?.(fake.pointer(400, 300))).toBe(true);
    const [plane] = section.get().planes;
    expect(plane!.normal).toEqual([0, 0, -1]);
    // The plane sits on the face (nudged a hair toward the viewer so the face stays).
    expect(plane!.constant).toBeGreaterThan(2);
    expect(plane!.constant).toBeLessThan(2.001);
    expect(signedDistance(plane!, [3, -4, 20])).toBeLessThan(0);
    expect(signedDistance(plane!, [0.5, 0.5, 1.9])).toBeGreaterThan(0);
  });

  it('moves a plane along its normal when its arrow handle is dragged', () => {
    const fake = createFakeContext();
    const section = new SectionTool(fake.ctx);
    const id = section.addPlane([0, 0, 0], [1, 0, 0]);
    fake.ctx.setTool('section-plane');
    fake.render();
    const handle = fake.ctx.overlayScene.children[0]!;
    expect(handle.visible).toBe(true);
    const length = handle.scale.x;
    const onArrow = fake.ctx.project([0.5 * length, 0, 0])!;
    const handlers = fake.handlers();
    expect(handlers.onPointerDown?.(fake.pointer(onArrow.x, onArrow.y))).toBe(true);
    expect(fake.navigationEnabled()).toBe(false);
    expect(fake.ctx.canvas.style.cursor).toBe('grabbing');
    const target = fake.ctx.project([0.5 * length + 1.25, 0, 0])!;
    expect(handlers.onPointerMove?.(fake.pointer(target.x, target.y))).toBe(true);
    handlers.onPointerUp?.(fake.pointer(target.x, target.y));
    expect(fake.navigationEnabled()).toBe(true);
    // The click the core reports after the drag is not a new plane.
    expect(handlers.onClick?.(fake.pointer(target.x, target.y))).toBe(true);
    const plane = section.get().planes.find((p) => p.id === id)!;
    expect(section.get().planes).toHaveLength(1);
    expect(plane.constant).toBeCloseTo(-1.25, 6);

    // Away from the section tool the cut stays and the gizmos hide.
    fake.ctx.setTool('select');
    fake.render();
    expect(handle.visible).toBe(false);
    expect(fake.ctx.canvas.style.cursor).toBe('');
    expect(fake.clipping.get('section')).toHaveLength(1);
  });

  it('drags a plane that faces the viewer by screen height (up pushes it away)', () => {
    const fake = createFakeContext({ eye: [10, 0, 0] });
    const section = new SectionTool(fake.ctx);
    section.addPlane([0, 0, 0], [1, 0, 0]);
    fake.ctx.setTool('section-plane');
    fake.render();
    const handlers = fake.handlers();
    expect(handlers.onPointerDown?.(fake.pointer(400, 300))).toBe(true);
    handlers.onPointerMove?.(fake.pointer(400, 250));
    handlers.onPointerUp?.(fake.pointer(400, 250));
    const unitsPerPixel = (2 * 10 * Math.tan(THREE.MathUtils.degToRad(25))) / 600;
    // Away from the camera at +x: the plane x + c = 0 moves to negative x.
    expect(section.get().planes[0]!.constant).toBeCloseTo(50 * unitsPerPixel, 9);
  });

  it('drags a box face along its axis', () => {
    const fake = createFakeContext();
    const section = new SectionTool(fake.ctx);
    section.setBox({ min: [-2, -2, -2], max: [2, 2, 2] });
    fake.ctx.setTool('section-plane');
    fake.render();
    // Face +x's handle: an outward cone at (2, 0, 0).
    const handle = fake.ctx.overlayScene.children.find(
      (o) => o.position.x === 2 && o.userData.sectionHandle !== undefined,
    )!;
    const length = handle.scale.x;
    const grab = fake.ctx.project([2 + 0.15 * length, 0, 0])!;
    const handlers = fake.handlers();
    expect(handlers.onPointerDown?.(fake.pointer(grab.x, grab.y))).toBe(true);
    const to = fake.ctx.project([2 + 0.15 * length + 0.5, 0, 0])!;
    handlers.onPointerMove?.(fake.pointer(to.x, to.y));
    handlers.onPointerUp?.(fake.pointer(to.x, to.y));
    expect(section.get().box!.max[0]).toBeCloseTo(2.5, 6);
    expect(section.get().box!.min).toEqual([-2, -2, -2]);
  });

  it('the section-box tool shows the box handles and drags them; a click adds no plane', () => {
    const fake = createFakeContext();
    const section = new SectionTool(fake.ctx);
    section.setBox({ min: [-2, -2, -2], max: [2, 2, 2] });
    fake.ctx.setTool('section-box');
    fake.render();
    const handle = fake.ctx.overlayScene.children.find(
      (o) => o.position.x === 2 && o.userData.sectionHandle !== undefined,
    )!;
    expect(handle.visible).toBe(true);
    const length = handle.scale.x;
    const grab = fake.ctx.project([2 + 0.15 * length, 0, 0])!;
    const handlers = fake.handlers();
    expect(handlers.onPointerDown?.(fake.pointer(grab.x, grab.y))).toBe(true);
    const to = fake.ctx.project([2 + 0.15 * length + 0.5, 0, 0])!;
    handlers.onPointerMove?.(fake.pointer(to.x, to.y));
    handlers.onPointerUp?.(fake.pointer(to.x, to.y));
    expect(handlers.onClick?.(fake.pointer(to.x, to.y))).toBe(true);
    expect(section.get().box!.max[0]).toBeCloseTo(2.5, 6);
    // A plain click on the model is not a plane in this tool.
    expect(handlers.onClick?.(fake.pointer(400, 300))).toBe(false);
    expect(section.get().planes).toHaveLength(0);
  });
});
