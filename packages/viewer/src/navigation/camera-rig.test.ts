import * as THREE from 'three';
import { afterEach, describe, expect, it } from 'vitest';
import { CameraRig } from './camera-rig.ts';

const box = () => new THREE.Box3(new THREE.Vector3(-1, -1, -1), new THREE.Vector3(1, 1, 1));
const global = globalThis as { matchMedia?: (query: string) => { matches: boolean } };

describe('camera rig and prefers-reduced-motion', () => {
  afterEach(() => {
    delete global.matchMedia;
  });

  it('animates a move that has a duration', () => {
    const rig = new CameraRig(box);
    rig.moveTo(new THREE.Vector3(5, 0, 0), new THREE.Vector3(), { duration: 500 });
    expect(rig.isAnimating()).toBe(true);
  });

  it('lands at once when the person asked for reduced motion', () => {
    const asked: string[] = [];
    global.matchMedia = (query) => {
      asked.push(query);
      return { matches: query === '(prefers-reduced-motion: reduce)' };
    };
    const rig = new CameraRig(box);
    rig.moveTo(new THREE.Vector3(5, 0, 0), new THREE.Vector3(), { duration: 500 });
    expect(asked).toEqual(['(prefers-reduced-motion: reduce)']);
    expect(rig.isAnimating()).toBe(false);
    expect(rig.position.toArray()).toEqual([5, 0, 0]);
  });
});
