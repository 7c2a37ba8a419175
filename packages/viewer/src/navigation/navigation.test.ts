import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { CameraRig } from './camera-rig.ts';
import { Navigation } from './navigation.ts';

const box = () => new THREE.Box3(new THREE.Vector3(-1, -1, -1), new THREE.Vector3(1, 1, 1));

/** A navigation over a real camera rig and a 1000 x 600 canvas showing a 2 m cube. */
function setup() {
  const rig = new CameraRig(box);
  const canvas = { clientWidth: 1000, clientHeight: 600 } as HTMLCanvasElement;
  const nav = new Navigation({
    canvas,
    rig,
    visibleBox: box,
    elementsBox: box,
    pickPoint: () => null,
    floors: () => [],
    ray: () => new THREE.Ray(),
    changed: () => undefined,
  });
  return { rig, nav };
}

const toolbar = { top: 0, right: 0, bottom: 200, left: 0 };
const camera = (rig: CameraRig) => [...rig.position.toArray(), ...rig.target.toArray()];

describe('the first fit and the view insets', () => {
  it('an untouched first fit is made again when the page reports what covers the view', () => {
    const { rig, nav } = setup();
    nav.fitFirst();
    const early = camera(rig);
    nav.setViewInsets(toolbar);
    // The same as fitting with the insets known from the start.
    const fresh = setup();
    fresh.nav.setViewInsets(toolbar);
    fresh.nav.fitFirst();
    expect(camera(rig)).not.toEqual(early);
    expect(camera(rig)).toEqual(camera(fresh.rig));
  });

  it('leaves the camera alone once the user touched the view, or it moved', () => {
    const touched = setup();
    touched.nav.fitFirst();
    touched.nav.keyDown({ code: 'KeyX' } as KeyboardEvent);
    const before = camera(touched.rig);
    touched.nav.setViewInsets(toolbar);
    expect(camera(touched.rig)).toEqual(before);

    const moved = setup();
    moved.nav.fitFirst();
    moved.rig.moveTo(new THREE.Vector3(9, 9, 9), new THREE.Vector3());
    moved.nav.setViewInsets(toolbar);
    expect(camera(moved.rig)).toEqual([9, 9, 9, 0, 0, 0]);

    const viewpoint = setup();
    viewpoint.nav.fitFirst();
    viewpoint.nav.forgetFirstFit();
    const kept = camera(viewpoint.rig);
    viewpoint.nav.setViewInsets(toolbar);
    expect(camera(viewpoint.rig)).toEqual(kept);
  });
});
