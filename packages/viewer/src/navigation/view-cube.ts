/**
 * The view cube: a small 2D canvas in the top-right corner drawing a cube turned like the camera.
 * Clicking a face sets that standard view; clicking near a corner sets the iso view.
 */
import * as THREE from 'three';
import type { StandardView } from '../api-types.ts';

const SIZE = 120;
const FACES: Array<{ view: StandardView; normal: THREE.Vector3; label: string }> = [
  { view: 'front', normal: new THREE.Vector3(0, 0, 1), label: 'FRONT' },
  { view: 'back', normal: new THREE.Vector3(0, 0, -1), label: 'BACK' },
  { view: 'right', normal: new THREE.Vector3(1, 0, 0), label: 'RIGHT' },
  { view: 'left', normal: new THREE.Vector3(-1, 0, 0), label: 'LEFT' },
  { view: 'top', normal: new THREE.Vector3(0, 1, 0), label: 'TOP' },
  { view: 'bottom', normal: new THREE.Vector3(0, -1, 0), label: 'BOTTOM' },
];

interface DrawnFace {
  view: StandardView;
  points: Array<[number, number]>;
}

/** The four corners of a unit cube face with the given outward normal. */
function faceCorners(normal: THREE.Vector3): THREE.Vector3[] {
  const u = Math.abs(normal.y) > 0.5 ? new THREE.Vector3(1, 0, 0) : new THREE.Vector3(0, 1, 0);
  const v = new THREE.Vector3().crossVectors(normal, u);
  const c = normal.clone().multiplyScalar(0.5);
  return [
    c.clone().addScaledVector(u, 0.5).addScaledVector(v, 0.5),
    c.clone().addScaledVector(u, -0.5).addScaledVector(v, 0.5),
    c.clone().addScaledVector(u, -0.5).addScaledVector(v, -0.5),
    c.clone().addScaledVector(u, 0.5).addScaledVector(v, -0.5),
  ];
}

function pointInPolygon(x: number, y: number, points: Array<[number, number]>): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export class ViewCube {
  readonly element: HTMLCanvasElement;
  private drawn: DrawnFace[] = [];
  private readonly rotation = new THREE.Matrix4();
  /** The camera of the last frame while hidden: drawn when the cube shows again. */
  private hiddenCamera: THREE.Camera | null = null;

  constructor(
    parent: HTMLElement,
    private readonly onView: (view: StandardView) => void,
    private labels: Partial<Record<StandardView, string>> = {},
  ) {
    this.element = document.createElement('canvas');
    const ratio = Math.min(globalThis.devicePixelRatio || 1, 2);
    this.element.width = SIZE * ratio;
    this.element.height = SIZE * ratio;
    Object.assign(this.element.style, {
      position: 'absolute',
      top: '8px',
      right: '8px',
      width: `${SIZE}px`,
      height: `${SIZE}px`,
      pointerEvents: 'auto',
      cursor: 'pointer',
    });
    this.element.dataset.trussViewcube = '';
    this.element.addEventListener('click', this.click);
    parent.appendChild(this.element);
  }

  setVisible(visible: boolean): void {
    this.element.style.display = visible ? '' : 'none';
    const camera = this.hiddenCamera;
    if (visible && camera) this.update(camera);
  }

  /** New face labels (the host's language changed); drawn with the next frame. */
  setLabels(labels: Partial<Record<StandardView, string>>): void {
    this.labels = { ...labels };
  }

  /** Redraws for the camera's orientation. */
  update(camera: THREE.Camera): void {
    // Hidden (the model page's early view): no 2D drawing on the way to a frame.
    if (this.element.style.display === 'none') {
      this.hiddenCamera = camera;
      return;
    }
    this.hiddenCamera = null;
    const context = this.element.getContext('2d');
    if (!context) return;
    const ratio = this.element.width / SIZE;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, SIZE, SIZE);
    this.rotation.extractRotation(camera.matrixWorld).invert();
    const scale = SIZE * 0.42;
    const project = (p: THREE.Vector3): [number, number] => {
      const v = p.clone().applyMatrix4(this.rotation);
      return [SIZE / 2 + v.x * scale, SIZE / 2 - v.y * scale];
    };
    const faces = FACES.map((face) => ({
      face,
      facing: face.normal.clone().applyMatrix4(this.rotation).z,
    }))
      .filter(({ facing }) => facing > 1e-3)
      .sort((a, b) => a.facing - b.facing);
    this.drawn = [];
    for (const { face, facing } of faces) {
      const points = faceCorners(face.normal).map(project);
      this.drawn.push({ view: face.view, points });
      context.beginPath();
      points.forEach(([x, y], i) => (i ? context.lineTo(x, y) : context.moveTo(x, y)));
      context.closePath();
      const shade = Math.round(215 + 35 * facing);
      context.fillStyle = `rgb(${shade}, ${shade}, ${Math.min(255, shade + 6)})`;
      context.fill();
      context.strokeStyle = '#6b7280';
      context.lineWidth = 1;
      context.stroke();
      if (facing > 0.35) {
        const [cx, cy] = project(face.normal.clone().multiplyScalar(0.5));
        context.fillStyle = '#1f2937';
        context.font = `600 ${Math.round(8 + 2 * facing)}px system-ui, sans-serif`;
        context.textAlign = 'center';
        context.textBaseline = 'middle';
        context.fillText(this.labels[face.view] ?? face.label, cx, cy);
      }
    }
  }

  private readonly click = (event: MouseEvent): void => {
    const rect = this.element.getBoundingClientRect();
    const x = event.clientX - rect.left;
    const y = event.clientY - rect.top;
    // Front-most faces were drawn last.
    for (const face of [...this.drawn].reverse()) {
      if (!pointInPolygon(x, y, face.points)) continue;
      const [cx, cy] = face.points.reduce(([sx, sy], [px, py]) => [sx + px / 4, sy + py / 4], [
        0, 0,
      ] as [number, number]);
      const nearCorner = face.points.some(([px, py]) => Math.hypot(px - x, py - y) < 9);
      this.onView(nearCorner && Math.hypot(cx - x, cy - y) > 12 ? 'iso' : face.view);
      return;
    }
  };

  dispose(): void {
    this.element.removeEventListener('click', this.click);
    this.element.remove();
  }
}
