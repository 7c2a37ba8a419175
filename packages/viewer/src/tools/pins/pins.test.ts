import type * as THREE from 'three';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Viewpoint } from '../../api-types.ts';
import { createFakeContext } from '../../testing/fake-context.ts';
import { PinMarkers } from './pin-markers.ts';

const viewpoint: Viewpoint = {
  version: 1,
  camera: { projection: 'perspective', position: [1, 2, 3], target: [0, 0, 0], up: [0, 0, 1] },
  sections: { planes: [], box: null },
  visibility: { hidden: [], isolated: null },
  selection: [4],
  colors: {},
  xray: false,
  edges: false,
};

function setup() {
  const fake = createFakeContext({ eye: [0, -20, 0], target: [0, 0, 0] });
  const applied: Array<{ viewpoint: Viewpoint; animate: boolean }> = [];
  const fitted: THREE.Box3[] = [];
  const hidden = new Set<number>();
  const pins = new PinMarkers(fake.ctx, {
    getViewpoint: () => viewpoint,
    setViewpoint: (vp, animate) => void applied.push({ viewpoint: vp, animate }),
    screenshot: ({ width, height }) =>
      Promise.resolve(new Blob([`${width}x${height}`], { type: 'image/png' })),
    fitBox: (box) => void fitted.push(box),
    isElementVisible: (id) => !hidden.has(id),
  });
  const drawn = () => {
    const points = fake.ctx.helperScene.getObjectByName('pins') as THREE.Points;
    return points.geometry.drawRange.count;
  };
  return { fake, pins, applied, fitted, drawn, hidden };
}

afterEach(() => vi.unstubAllGlobals());

describe('PinMarkers', () => {
  it('draws one marker per pin, merges crowded ones and skips pins behind the camera', () => {
    const { fake, pins, drawn } = setup();
    pins.set([
      { id: 'a', point: [-5, 0, 0], color: 0xff0000 },
      { id: 'b', point: [5, 0, 0], color: 0x00ff00 },
      { id: 'c', point: [5.05, 0, 0.05], color: 0x00ff00 },
      { id: 'behind', point: [0, -30, 0], color: 0x0000ff },
    ]);
    fake.render();
    expect(drawn()).toBe(2);
    pins.setClusterPixels(0);
    fake.render();
    expect(drawn()).toBe(3);
    pins.setVisible(false);
    fake.render();
    expect(drawn()).toBe(0);
  });

  it('hides the pin of a hidden element', () => {
    const { fake, pins, drawn, hidden } = setup();
    pins.set([
      { id: 'a', point: [-5, 0, 0], color: 0xff0000, elementId: 3 },
      { id: 'b', point: [5, 0, 0], color: 0xff0000 },
    ]);
    fake.render();
    expect(drawn()).toBe(2);
    hidden.add(3);
    fake.render();
    expect(drawn()).toBe(1);
    expect(pins.list()[0]?.elementId).toBe(3);
  });

  it('emits pin-click for a marker, zooms into a cluster, and lets other clicks through', () => {
    const { fake, pins, fitted } = setup();
    pins.set([
      { id: 'a', point: [0, 0, 0], color: 0xff0000 },
      { id: 'b', point: [6, 0, 0], color: 0xff0000 },
      { id: 'c', point: [6.02, 0, 0], color: 0xff0000 },
    ]);
    fake.render();
    const center = fake.ctx.project([0, 0, 0])!;
    fake.click(center.x + 4, center.y);
    expect(fake.events.at(-1)).toEqual({ type: 'pin-click', event: { ids: ['a'] } });
    const pair = fake.ctx.project([6, 0, 0])!;
    fake.click(pair.x, pair.y);
    expect(fake.events.at(-1)).toEqual({ type: 'pin-click', event: { ids: ['b', 'c'] } });
    expect(fitted).toHaveLength(1);
    const before = fake.events.length;
    fake.click(center.x, center.y + 150);
    expect(fake.events.length).toBe(before);
  });

  it('does not answer clicks on a hidden pin behind geometry', () => {
    const { fake, pins } = setup();
    pins.set([{ id: 'a', point: [0, 0, 0], color: 0xff0000 }]);
    fake.render();
    const at = fake.ctx.project([0, 0, 0])!;
    // A wall 10 m in front of the pin.
    fake.setRaycast(() => ({
      elementId: 1,
      point: [0, -10, 0],
      normal: [0, -1, 0],
      distance: 10,
      triangle: [
        [0, -10, 0],
        [1, -10, 0],
        [0, -10, 1],
      ],
    }));
    fake.click(at.x, at.y);
    expect(fake.events.some((e) => e.type === 'pin-click')).toBe(false);
    pins.setOccluded('dim');
    fake.click(at.x, at.y);
    expect(fake.events.at(-1)?.type).toBe('pin-click');
  });

  it('places a pin with the pin-place tool and returns to select', () => {
    const { fake, pins } = setup();
    fake.setRaycast(() => ({
      elementId: 7,
      point: [1, 2, 3],
      normal: null,
      distance: 5,
      triangle: [
        [0, 0, 0],
        [1, 0, 0],
        [0, 1, 0],
      ],
    }));
    pins.startPlacing();
    expect(fake.ctx.getTool()).toBe('pin-place');
    expect(fake.ctx.canvas.style.cursor).toBe('crosshair');
    fake.click(10, 10);
    expect(fake.events.at(-1)).toEqual({
      type: 'pin-place',
      event: { elementId: 7, point: [1, 2, 3], normal: null },
    });
    expect(fake.ctx.getTool()).toBe('select');
  });

  it('animates to a viewpoint unless the user prefers reduced motion', () => {
    const { pins, applied } = setup();
    pins.goTo(viewpoint);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    pins.goTo(viewpoint);
    pins.goTo(viewpoint, { animate: false });
    expect(applied.map((a) => a.animate)).toEqual([true, false, false]);
  });

  it('captures the viewpoint with a snapshot no wider than asked', async () => {
    const { pins } = setup();
    const shot = await pins.capture({ maxWidth: 400 });
    expect(shot.viewpoint.selection).toEqual([4]);
    expect(await shot.snapshot.text()).toBe('400x300');
  });
});
