import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { ViewerEvents, Vec3 } from '../../api-types.ts';
import {
  createFakeContext,
  type FakeContext,
  type FakeElement,
} from '../../testing/fake-context.ts';
import { MeasureTool } from './measure-tool.ts';

type MeasureChange = ViewerEvents['measure-change'];

/** A floor triangle at z = 0: clicks hit it wherever the pointer ray crosses that plane. */
const TRIANGLE: [Vec3, Vec3, Vec3] = [
  [0, 0, 0],
  [4, 0, 0],
  [0, 3, 0],
];

function setup(): FakeContext & { measure: MeasureTool } {
  const fake = createFakeContext();
  const floor = new THREE.Plane(new THREE.Vector3(0, 0, 1), 0);
  fake.setRaycast((x, y) => {
    const ray = fake.ctx.ray(x, y);
    const point = ray.intersectPlane(floor, new THREE.Vector3());
    if (!point) return null;
    return {
      elementId: 1,
      point: point.toArray(),
      normal: [0, 0, 1],
      triangle: TRIANGLE,
      distance: point.distanceTo(ray.origin),
    };
  });
  return { ...fake, measure: new MeasureTool(fake.ctx) };
}

const lastChange = (fake: FakeContext) =>
  fake.events.filter((e) => e.type === 'measure-change').at(-1)?.event as MeasureChange | undefined;

/** Click near (not on) a world point: a few pixels off, within the snap tolerance. */
function clickNear(fake: FakeContext, point: Vec3, dx = 4, dy = -3): boolean | void {
  const s = fake.ctx.project(point)!;
  return fake.handlers().onClick?.(fake.pointer(s.x + dx, s.y + dy));
}

const key = (k: string) => ({ key: k }) as KeyboardEvent;
const labels = (fake: FakeContext) =>
  fake.layer.children.filter((c: FakeElement) => c.className === 'truss-measure-label');

describe('MeasureTool', () => {
  it('measures a snapped distance between two vertices exactly', () => {
    const fake = setup();
    fake.measure.start('distance');
    expect(fake.ctx.getTool()).toBe('measure-distance');
    expect(lastChange(fake)?.active).toBe('distance');
    expect(fake.ctx.canvas.style.cursor).toBe('crosshair');
    fake
      .handlers()
      .onPointerMove?.(
        fake.pointer(...(Object.values(fake.ctx.project([4, 0, 0])!) as [number, number])),
      );
    const marker = fake.layer.children.find((c) => c.className === 'truss-snap-marker');
    expect(marker?.attributes['data-snap']).toBe('vertex');
    expect(clickNear(fake, [4, 0, 0])).toBe(true);
    expect(fake.measure.list()).toHaveLength(0);
    // The same corner again is no second point (no zero-length measurement).
    clickNear(fake, [4, 0, 0], 2, 2);
    expect(fake.measure.list()).toHaveLength(0);
    clickNear(fake, [0, 3, 0], -5, 2);
    const [m] = fake.measure.list();
    expect(m).toMatchObject({
      kind: 'distance',
      points: [
        [4, 0, 0],
        [0, 3, 0],
      ],
      value: 5,
    });
    expect(lastChange(fake)?.measurements).toEqual(fake.measure.list());
    fake.render();
    expect(labels(fake).map((l) => l.textContent)).toEqual(['5.000 m']);
    expect(labels(fake)[0]!.style.display).toBe('');
    // The tool stays on for the next measurement; the preview is gone.
    expect(fake.ctx.getTool()).toBe('measure-distance');
  });

  it('point mode: one snapped click is a point, labelled with its coordinates', () => {
    const fake = setup();
    // A format set before any point is taken (the page, as it starts) asks for no frame.
    const asked = fake.renderRequests();
    fake.measure.setPointFormat((p) => `${p[0]}`);
    expect(fake.renderRequests()).toBe(asked);
    fake.measure.setPointFormat(null);
    fake.measure.start('point');
    expect(fake.ctx.getTool()).toBe('measure-point');
    expect(lastChange(fake)?.active).toBe('point');
    // A few pixels off a corner: the point is the corner itself (snapped as distances are).
    expect(clickNear(fake, [4, 0, 0])).toBe(true);
    const [m] = fake.measure.list();
    expect(m).toMatchObject({ kind: 'point', points: [[4, 0, 0]], value: 0 });
    fake.render();
    expect(labels(fake).map((l) => l.textContent)).toEqual(['4.000, 0.000, 0.000 m']);
    // The host's format (its model's frame and unit) relabels the points taken and the next.
    const before = fake.renderRequests();
    fake.measure.setPointFormat((p) => `X ${p[0] * 1000} mm`);
    expect(labels(fake).map((l) => l.textContent)).toEqual(['X 4000 mm']);
    expect(fake.renderRequests()).toBe(before + 1);
    clickNear(fake, [0, 3, 0], -5, 2);
    expect(fake.measure.list().map((x) => x.points)).toEqual([[[4, 0, 0]], [[0, 3, 0]]]);
    expect(labels(fake).map((l) => l.textContent)).toEqual(['X 4000 mm', 'X 0 mm']);
    expect(() => fake.measure.add('point', [])).toThrow(/exactly 1 points/);
    expect(fake.ctx.getTool()).toBe('measure-point');
  });

  it('measures an angle with the vertex in the middle and snaps to edges', () => {
    const fake = setup();
    fake.measure.start('angle');
    clickNear(fake, [4, 0, 0]);
    clickNear(fake, [0, 0, 0]);
    // Near the middle of edge (0,0)-(0,3), a few px inside the triangle.
    const s = fake.ctx.project([0.02, 1.5, 0])!;
    fake.handlers().onClick?.(fake.pointer(s.x, s.y));
    const [m] = fake.measure.list();
    expect(m!.kind).toBe('angle');
    expect(m!.points[2]![0]).toBe(0);
    expect(m!.value).toBeCloseTo(90, 10);
  });

  it('closes an area on its first point, on Enter or on a double-click', () => {
    const fake = setup();
    fake.measure.start('area');
    const corners: Vec3[] = [TRIANGLE[0], TRIANGLE[1], TRIANGLE[2]];
    for (const c of corners) clickNear(fake, c);
    expect(fake.measure.list()).toHaveLength(0);
    clickNear(fake, corners[0]!, 1, 1);
    expect(fake.measure.list().map((m) => m.value)).toEqual([6]);

    for (const c of corners) clickNear(fake, c);
    expect(fake.handlers().onKeyDown?.(key('Enter'))).toBe(true);
    expect(fake.measure.list()).toHaveLength(2);

    clickNear(fake, corners[0]!);
    clickNear(fake, corners[1]!);
    clickNear(fake, corners[2]!);
    clickNear(fake, corners[2]!);
    const areas = fake.measure.list();
    expect(areas).toHaveLength(3);
    expect(areas[2]!.points).toHaveLength(3);
    expect(areas[2]!.value).toBe(6);
  });

  it('cancels the measurement in progress on Esc and when the tool changes', () => {
    const fake = setup();
    fake.measure.start('distance');
    clickNear(fake, [4, 0, 0]);
    expect(fake.handlers().onKeyDown?.(key('Escape'))).toBe(true);
    clickNear(fake, [0, 3, 0]);
    expect(fake.measure.list()).toHaveLength(0);
    fake.ctx.setTool('select');
    expect(lastChange(fake)?.active).toBeNull();
    expect(fake.ctx.canvas.style.cursor).toBe('');
    expect(fake.ctx.overlayScene.children).toHaveLength(0);
    expect(fake.layer.children).toHaveLength(0);
  });

  it('selects by label or line click, and deletes the selection', () => {
    const fake = setup();
    const a = fake.measure.add('distance', [
      [0, 0, 0],
      [4, 0, 0],
    ]);
    const b = fake.measure.add('area', [
      [10, 10, 0],
      [12, 10, 0],
      [12, 13, 0],
    ]);
    expect(b.value).toBe(3);
    labels(fake)[1]!.dispatch('click');
    expect(lastChange(fake)?.selected).toBe(b.id);
    expect(labels(fake)[1]!.attributes['aria-pressed']).toBe('true');

    fake.measure.start('distance');
    const mid = fake.ctx.project([2, 0, 0])!;
    fake.handlers().onClick?.(fake.pointer(mid.x, mid.y + 3));
    expect(lastChange(fake)?.selected).toBe(a.id);
    expect(fake.measure.list()).toHaveLength(2);
    expect(fake.handlers().onKeyDown?.(key('Delete'))).toBe(true);
    expect(fake.measure.list().map((m) => m.id)).toEqual([b.id]);
    expect(lastChange(fake)?.selected).toBeNull();

    labels(fake)[0]!.dispatch('keydown', { key: 'Backspace' });
    expect(fake.measure.list()).toEqual([]);
    expect(() => fake.measure.select('nope')).toThrow();
  });

  it('adds, lists and clears programmatically and rejects bad input', () => {
    const fake = setup();
    const m = fake.measure.add('distance', [
      [1e6, 2e6, 3],
      [1e6 + 1.2345, 2e6, 3],
    ]);
    expect(m.value).toBeCloseTo(1.2345, 9);
    m.points[0]![0] = 0;
    expect(fake.measure.list()[0]!.points[0]![0]).toBe(1e6);
    // Line geometry is relative to the first point (no float32 jitter far from the origin).
    expect(fake.ctx.overlayScene.children[0]!.position.x).toBe(1e6);
    expect(() => fake.measure.add('angle', [[0, 0, 0]])).toThrow();
    expect(() => fake.measure.setSnapPixels(-1)).toThrow();
    fake.measure.clear();
    expect(fake.measure.list()).toEqual([]);
    expect(lastChange(fake)?.measurements).toEqual([]);
    fake.measure.add('distance', [
      [0, 0, 0],
      [1, 0, 0],
    ]);
    fake.measure.dispose();
    expect(fake.ctx.overlayScene.children).toHaveLength(0);
    expect(fake.layer.children).toHaveLength(0);
  });

  it('honours the snap tolerance', () => {
    const fake = setup();
    fake.measure.setSnapPixels(2);
    fake.measure.start('distance');
    clickNear(fake, [4, 0, 0]);
    clickNear(fake, [0, 3, 0]);
    const [m] = fake.measure.list();
    expect(m!.points[0]).not.toEqual([4, 0, 0]);
    expect(m!.value).not.toBe(5);
  });
});
