/**
 * Canvas pixels to world rays and back: what picking, the tools and the overlay labels share.
 */
import * as THREE from 'three';
import type { Vec3 } from '../api-types.ts';
import type { CameraRig } from '../navigation/camera-rig.ts';
import type { ModelHost } from './model-host.ts';
import { raycastModel } from './picking.ts';

export function createScreenRays(
  canvas: HTMLCanvasElement,
  rig: CameraRig,
  model: ModelHost,
  clippingPlanes: THREE.Plane[],
) {
  const raycaster = new THREE.Raycaster();
  const ndc = (x: number, y: number) =>
    new THREE.Vector2(
      (x / (canvas.clientWidth || 1)) * 2 - 1,
      -(y / (canvas.clientHeight || 1)) * 2 + 1,
    );
  const ray = (x: number, y: number): THREE.Ray => {
    raycaster.setFromCamera(ndc(x, y), rig.camera());
    return raycaster.ray.clone();
  };
  const raycast = (x: number, y: number) => {
    raycaster.setFromCamera(ndc(x, y), rig.camera());
    const { state } = model.elements;
    return raycastModel(raycaster, model.meshes, {
      isVisible: (id) => state?.isVisible(id) ?? true,
      clippingPlanes,
      allVisible: !state || (state.hidden.size === 0 && state.isolated === null),
    });
  };
  const project = (point: Vec3): { x: number; y: number } | null => {
    const camera = rig.camera();
    const v = new THREE.Vector3(...point).applyMatrix4(camera.matrixWorldInverse);
    if (camera === rig.perspective && v.z >= -1e-6) return null;
    v.applyMatrix4(camera.projectionMatrix);
    return { x: ((v.x + 1) / 2) * canvas.clientWidth, y: ((1 - v.y) / 2) * canvas.clientHeight };
  };
  return { ray, raycast, project };
}
