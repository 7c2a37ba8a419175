/**
 * The section gizmos: per plane a translucent quad sized to the model and an arrow handle along the
 * normal; for the box a wireframe and six face handles. Handles live in the overlay scene (drawn on
 * top) so they can always be grabbed; geometry is small and placed by object transforms, so large
 * model coordinates do not jitter.
 */
import * as THREE from 'three';
import type { Vec3 } from '../../api-types.ts';
import type { PlaneEquation } from './planes.ts';

const COLOR = 0x2563eb;
const HOVER = 0xf97316;
/** Handle length in CSS pixels, whatever the zoom. */
const HANDLE_PX = 64;

export type HandleTarget = { kind: 'plane'; id: string } | { kind: 'box'; face: number };

/** Shared and never disposed: invisible materials hold no GPU resources. */
const GRAB_MATERIAL = new THREE.MeshBasicMaterial({ visible: false });

const Y = new THREE.Vector3(0, 1, 0);
const Z = new THREE.Vector3(0, 0, 1);
const v = (p: Vec3) => new THREE.Vector3(p[0], p[1], p[2]);

/** World units per CSS pixel at `point` for the given camera and canvas height. */
export function worldPerPixel(
  camera: THREE.PerspectiveCamera | THREE.OrthographicCamera,
  point: THREE.Vector3,
  heightPx: number,
): number {
  const h = Math.max(heightPx, 1);
  if ((camera as THREE.OrthographicCamera).isOrthographicCamera) {
    const ortho = camera as THREE.OrthographicCamera;
    return (ortho.top - ortho.bottom) / ortho.zoom / h;
  }
  const persp = camera as THREE.PerspectiveCamera;
  const dist = Math.max(camera.position.distanceTo(point), 1e-6);
  return (2 * dist * Math.tan(THREE.MathUtils.degToRad(persp.fov) / 2)) / persp.zoom / h;
}

function handleMaterial(): THREE.MeshBasicMaterial {
  return new THREE.MeshBasicMaterial({
    color: COLOR,
    depthTest: false,
    depthWrite: false,
    transparent: true,
  });
}

/** A unit arrow along +Y (shaft plus cone) tagged with what it drags. */
function makeArrow(
  target: HandleTarget,
  material: THREE.Material,
  withShaft: boolean,
): THREE.Group {
  const group = new THREE.Group();
  if (withShaft) {
    const shaft = new THREE.Mesh(new THREE.CylinderGeometry(0.035, 0.035, 0.7, 8), material);
    shaft.position.y = 0.35;
    group.add(shaft);
  }
  const cone = new THREE.Mesh(new THREE.ConeGeometry(0.11, 0.3, 16), material);
  cone.position.y = withShaft ? 0.85 : 0.15;
  group.add(cone);
  // An invisible, fatter volume so the thin arrow is easy to grab.
  const length = withShaft ? 1 : 0.35;
  const grab = new THREE.Mesh(new THREE.CylinderGeometry(0.2, 0.2, length, 8), GRAB_MATERIAL);
  grab.position.y = length / 2;
  group.add(grab);
  group.traverse((o) => {
    o.userData.sectionHandle = target;
    o.renderOrder = 1000;
  });
  return group;
}

function disposeTree(root: THREE.Object3D): void {
  root.removeFromParent();
  root.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (mesh.geometry) mesh.geometry.dispose();
  });
}

export class PlaneGizmo {
  readonly quad: THREE.Mesh;
  readonly outline: THREE.LineSegments;
  readonly handle: THREE.Group;
  private readonly quadMaterial = new THREE.MeshBasicMaterial({
    color: COLOR,
    transparent: true,
    opacity: 0.12,
    side: THREE.DoubleSide,
    depthWrite: false,
  });
  private readonly outlineMaterial = new THREE.LineBasicMaterial({
    color: COLOR,
    transparent: true,
    opacity: 0.6,
  });
  private readonly handleMaterial = handleMaterial();

  constructor(
    id: string,
    private readonly helperScene: THREE.Scene,
    private readonly overlayScene: THREE.Scene,
  ) {
    const square = new THREE.PlaneGeometry(1, 1);
    this.quad = new THREE.Mesh(square, this.quadMaterial);
    this.outline = new THREE.LineSegments(new THREE.EdgesGeometry(square), this.outlineMaterial);
    this.quad.add(this.outline);
    this.handle = makeArrow({ kind: 'plane', id }, this.handleMaterial, true);
    helperScene.add(this.quad);
    overlayScene.add(this.handle);
  }

  /** Place the quad where the plane crosses the model, sized to the model's diagonal. */
  update(plane: PlaneEquation, modelBox: THREE.Box3, enabled: boolean): void {
    const n = v(plane.normal);
    const center = modelBox.isEmpty()
      ? new THREE.Vector3()
      : modelBox.getCenter(new THREE.Vector3());
    const size = modelBox.isEmpty()
      ? 10
      : Math.max(modelBox.getSize(new THREE.Vector3()).length(), 1e-3);
    // Project the model centre onto the plane.
    const onPlane = center.clone().addScaledVector(n, -(n.dot(center) + plane.constant));
    this.quad.position.copy(onPlane);
    this.quad.quaternion.setFromUnitVectors(Z, n);
    this.quad.scale.set(size, size, 1);
    this.handle.position.copy(onPlane);
    this.handle.quaternion.setFromUnitVectors(Y, n);
    this.quadMaterial.opacity = enabled ? 0.12 : 0.04;
    this.outlineMaterial.opacity = enabled ? 0.6 : 0.25;
  }

  setVisible(visible: boolean): void {
    this.quad.visible = visible;
    this.handle.visible = visible;
  }

  setHover(hover: boolean): void {
    this.handleMaterial.color.setHex(hover ? HOVER : COLOR);
  }

  /** Keep the arrow a constant size on screen. */
  scaleToScreen(
    camera: THREE.PerspectiveCamera | THREE.OrthographicCamera,
    heightPx: number,
  ): void {
    this.handle.scale.setScalar(worldPerPixel(camera, this.handle.position, heightPx) * HANDLE_PX);
  }

  dispose(): void {
    disposeTree(this.quad);
    disposeTree(this.handle);
    this.quadMaterial.dispose();
    this.outlineMaterial.dispose();
    this.handleMaterial.dispose();
    this.helperScene.remove(this.quad);
    this.overlayScene.remove(this.handle);
  }
}

export class BoxGizmo {
  readonly wire: THREE.LineSegments;
  readonly handles: THREE.Group[];
  private readonly wireMaterial = new THREE.LineBasicMaterial({
    color: COLOR,
    depthTest: false,
    transparent: true,
    opacity: 0.8,
  });
  private readonly materials: THREE.MeshBasicMaterial[] = [];

  constructor(private readonly overlayScene: THREE.Scene) {
    const box = new THREE.BoxGeometry(1, 1, 1);
    this.wire = new THREE.LineSegments(new THREE.EdgesGeometry(box), this.wireMaterial);
    box.dispose();
    this.wire.renderOrder = 999;
    overlayScene.add(this.wire);
    this.handles = [0, 1, 2, 3, 4, 5].map((face) => {
      const material = handleMaterial();
      this.materials.push(material);
      const arrow = makeArrow({ kind: 'box', face }, material, false);
      const outward = new THREE.Vector3();
      outward.setComponent(Math.floor(face / 2), face % 2 === 1 ? 1 : -1);
      arrow.quaternion.setFromUnitVectors(Y, outward);
      overlayScene.add(arrow);
      return arrow;
    });
  }

  update(min: Vec3, max: Vec3, enabled: boolean): void {
    const lo = v(min);
    const hi = v(max);
    const center = lo.clone().add(hi).multiplyScalar(0.5);
    const size = hi.clone().sub(lo);
    this.wire.position.copy(center);
    this.wire.scale.set(Math.max(size.x, 1e-6), Math.max(size.y, 1e-6), Math.max(size.z, 1e-6));
    this.wireMaterial.opacity = enabled ? 0.8 : 0.3;
    this.handles.forEach((handle, face) => {
      const axis = Math.floor(face / 2);
      handle.position.copy(center);
      handle.position.setComponent(
        axis,
        face % 2 === 1 ? hi.getComponent(axis) : lo.getComponent(axis),
      );
    });
  }

  setVisible(visible: boolean): void {
    this.wire.visible = visible;
    for (const handle of this.handles) handle.visible = visible;
  }

  setHover(face: number | null): void {
    this.materials.forEach((m, i) => m.color.setHex(i === face ? HOVER : COLOR));
  }

  scaleToScreen(
    camera: THREE.PerspectiveCamera | THREE.OrthographicCamera,
    heightPx: number,
  ): void {
    for (const handle of this.handles) {
      handle.scale.setScalar(worldPerPixel(camera, handle.position, heightPx) * HANDLE_PX * 0.8);
    }
  }

  dispose(): void {
    disposeTree(this.wire);
    for (const handle of this.handles) disposeTree(handle);
    this.wireMaterial.dispose();
    for (const m of this.materials) m.dispose();
    this.overlayScene.remove(this.wire);
  }
}

/** The handle under a world ray, nearest first. */
export function pickHandle(ray: THREE.Ray, roots: THREE.Object3D[]): HandleTarget | null {
  const raycaster = new THREE.Raycaster(ray.origin, ray.direction);
  const visible = roots.filter((r) => r.visible);
  // Matrices are otherwise only refreshed when a frame renders.
  for (const root of visible) root.updateMatrixWorld(true);
  const hits = raycaster.intersectObjects(visible, true);
  for (const hit of hits) {
    const target = hit.object.userData.sectionHandle as HandleTarget | undefined;
    if (target) return target;
  }
  return null;
}
