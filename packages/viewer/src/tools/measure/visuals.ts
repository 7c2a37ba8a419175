/**
 * What measurements look like: fat lines and point markers in the overlay scene (drawn on top, so
 * a measurement stays readable behind geometry) and HTML labels in the label layer. Geometry is
 * stored relative to the first point and placed by the object's position, so large model
 * coordinates do not jitter in float32.
 */
import * as THREE from 'three';
import { Line2 } from 'three/examples/jsm/lines/Line2.js';
import { LineGeometry } from 'three/examples/jsm/lines/LineGeometry.js';
import { LineMaterial } from 'three/examples/jsm/lines/LineMaterial.js';
import type { Measurement, MeasurementKind, Vec3 } from '../../api-types.ts';
import type { ViewerContext } from '../../core/context.ts';
import type { LabelBox } from './label-layout.ts';
import { formatValue, labelAnchor, newellNormal } from './math.ts';
import { segmentDistance2D, type ScreenPoint, type Snap } from './snap.ts';

const COLOR = 0x2563eb;
const SELECTED = 0xf97316;

export class MeasureMaterials {
  readonly line = this.lineMaterial(COLOR, 2);
  readonly selected = this.lineMaterial(SELECTED, 3);
  readonly preview = this.lineMaterial(COLOR, 2, true);
  readonly points = new THREE.PointsMaterial({
    color: COLOR,
    size: 7,
    sizeAttenuation: false,
    depthTest: false,
    transparent: true,
  });
  readonly selectedPoints = new THREE.PointsMaterial({
    color: SELECTED,
    size: 8,
    sizeAttenuation: false,
    depthTest: false,
    transparent: true,
  });

  readonly fill = this.fillMaterial(COLOR);
  readonly selectedFill = this.fillMaterial(SELECTED);

  private fillMaterial(color: number): THREE.MeshBasicMaterial {
    return new THREE.MeshBasicMaterial({
      color,
      transparent: true,
      opacity: 0.15,
      side: THREE.DoubleSide,
      depthTest: false,
      depthWrite: false,
    });
  }

  private lineMaterial(color: number, width: number, dashed = false): LineMaterial {
    const m = new LineMaterial({
      color,
      linewidth: width,
      dashed,
      depthTest: false,
      transparent: true,
    });
    if (dashed) {
      m.dashSize = 6;
      m.gapSize = 4;
    }
    return m;
  }

  /** LineMaterial widths are in pixels of this resolution: the canvas in CSS pixels. */
  setResolution(width: number, height: number): void {
    for (const m of [this.line, this.selected, this.preview]) m.resolution.set(width, height);
  }

  dispose(): void {
    for (const m of [this.line, this.selected, this.preview, this.points, this.selectedPoints]) {
      m.dispose();
    }
    this.fill.dispose();
    this.selectedFill.dispose();
  }
}

/** The drawn path: areas are closed back to their first point. */
function pathOf(kind: MeasurementKind, points: Vec3[]): Vec3[] {
  return kind === 'area' && points.length > 2 ? [...points, points[0]!] : points;
}

function relative(points: Vec3[], origin: Vec3): number[] {
  return points.flatMap((p) => [p[0] - origin[0], p[1] - origin[1], p[2] - origin[2]]);
}

/**
 * A translucent fill for an area: the polygon is triangulated in its best-fit (Newell) plane, so
 * concave outlines fill correctly. Positions are relative to the first point like the lines.
 */
function fillGeometry(points: Vec3[]): THREE.BufferGeometry | null {
  const origin = points[0];
  if (!origin || points.length < 3) return null;
  const n = new THREE.Vector3(...newellNormal(points));
  if (n.lengthSq() === 0) return null;
  n.normalize();
  const u = new THREE.Vector3().crossVectors(n, Math.abs(n.x) < 0.9 ? X : Y).normalize();
  const w = new THREE.Vector3().crossVectors(n, u);
  const local = points.map(
    (p) => new THREE.Vector3(p[0] - origin[0], p[1] - origin[1], p[2] - origin[2]),
  );
  const flat = local.map((p) => new THREE.Vector2(p.dot(u), p.dot(w)));
  const faces = THREE.ShapeUtils.triangulateShape(flat, []);
  if (faces.length === 0) return null;
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute(
    'position',
    new THREE.Float32BufferAttribute(
      local.flatMap((p) => p.toArray()),
      3,
    ),
  );
  geometry.setIndex(faces.flat());
  return geometry;
}

const X = new THREE.Vector3(1, 0, 0);
const Y = new THREE.Vector3(0, 1, 0);

/** Lines + points for a path, grouped and positioned at the path's first point. */
class PathObject {
  readonly group = new THREE.Group();
  private line: Line2 | null = null;
  private readonly dots: THREE.Points;

  constructor(
    private lineMaterial: LineMaterial,
    pointsMaterial: THREE.PointsMaterial,
  ) {
    this.dots = new THREE.Points(new THREE.BufferGeometry(), pointsMaterial);
    this.dots.renderOrder = 1001;
    this.group.add(this.dots);
  }

  set(path: Vec3[], dots: Vec3[]): void {
    const origin = path[0] ?? dots[0] ?? [0, 0, 0];
    this.group.position.set(origin[0], origin[1], origin[2]);
    if (this.line) {
      this.line.geometry.dispose();
      this.line.removeFromParent();
      this.line = null;
    }
    if (path.length >= 2) {
      const geometry = new LineGeometry();
      geometry.setPositions(relative(path, origin));
      this.line = new Line2(geometry, this.lineMaterial);
      this.line.computeLineDistances();
      this.line.renderOrder = 1000;
      this.group.add(this.line);
    }
    this.dots.geometry.dispose();
    this.dots.geometry = new THREE.BufferGeometry();
    this.dots.geometry.setAttribute(
      'position',
      new THREE.Float32BufferAttribute(relative(dots, origin), 3),
    );
  }

  setMaterials(lineMaterial: LineMaterial, pointsMaterial: THREE.PointsMaterial): void {
    this.lineMaterial = lineMaterial;
    if (this.line) this.line.material = lineMaterial;
    this.dots.material = pointsMaterial;
  }

  dispose(): void {
    this.group.removeFromParent();
    this.line?.geometry.dispose();
    this.dots.geometry.dispose();
  }
}

function place(el: HTMLElement, at: ScreenPoint | null, lift: string, turn = ''): void {
  if (!at) {
    el.style.display = 'none';
    return;
  }
  el.style.display = '';
  el.style.transform = `translate(${at.x.toFixed(1)}px, ${at.y.toFixed(1)}px) translate(-50%, ${lift})${turn}`;
}

export class MeasurementVisual {
  private readonly path: PathObject;
  private readonly fill: THREE.Mesh | null = null;
  readonly label: HTMLElement;
  private labelSize: { width: number; height: number } | null = null;

  constructor(
    private readonly ctx: ViewerContext,
    readonly measurement: Measurement,
    private readonly materials: MeasureMaterials,
    handlers: { select(): void; remove(): void; deselect(): void },
  ) {
    this.path = new PathObject(materials.line, materials.points);
    this.path.set(pathOf(measurement.kind, measurement.points), measurement.points);
    const fill = measurement.kind === 'area' ? fillGeometry(measurement.points) : null;
    if (fill) {
      this.fill = new THREE.Mesh(fill, materials.fill);
      this.fill.renderOrder = 999;
      this.path.group.add(this.fill);
    }
    ctx.overlayScene.add(this.path.group);
    const label = ctx.labelLayer.ownerDocument.createElement('div');
    label.className = 'truss-measure-label';
    label.textContent = formatValue(measurement.kind, measurement.value);
    label.tabIndex = 0;
    label.setAttribute('role', 'button');
    label.setAttribute('data-measurement-id', measurement.id);
    label.setAttribute('data-measurement-value', String(measurement.value));
    Object.assign(label.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      padding: '1px 6px',
      borderRadius: '4px',
      font: '500 12px/1.5 system-ui, sans-serif',
      whiteSpace: 'nowrap',
      userSelect: 'none',
      cursor: 'pointer',
      pointerEvents: 'auto',
      outline: 'none',
    });
    // The label layer ignores the pointer; labels themselves are clickable and focusable, so a
    // measurement can be selected and deleted with the keyboard in any tool.
    label.addEventListener('pointerdown', (e) => e.stopPropagation());
    label.addEventListener('click', (e) => {
      e.stopPropagation();
      label.focus();
      handlers.select();
    });
    label.addEventListener('keydown', (e) => {
      if (e.key === 'Delete' || e.key === 'Backspace') {
        // Handled here; the viewer's own key routing (window) need not see it again.
        e.preventDefault();
        e.stopPropagation();
        handlers.remove();
      } else if (e.key === 'Escape') {
        handlers.deselect();
      }
    });
    ctx.labelLayer.appendChild(label);
    this.label = label;
    this.setSelected(false);
  }

  setSelected(selected: boolean): void {
    this.path.setMaterials(
      selected ? this.materials.selected : this.materials.line,
      selected ? this.materials.selectedPoints : this.materials.points,
    );
    if (this.fill)
      this.fill.material = selected ? this.materials.selectedFill : this.materials.fill;
    Object.assign(this.label.style, {
      background: selected ? '#f97316' : 'rgba(255, 255, 255, 0.92)',
      color: selected ? '#ffffff' : '#1e3a8a',
      border: `1px solid ${selected ? '#ea580c' : '#2563eb'}`,
    });
    this.label.setAttribute('aria-pressed', String(selected));
  }

  /** New label text (a point's coordinates in the host's format); measured again. */
  setText(text: string): void {
    this.label.textContent = text;
    this.labelSize = null;
  }

  /**
   * Where the label would sit (top-left and size, CSS px) before any separation from other
   * labels; null when its anchor is behind the camera.
   */
  labelBox(): LabelBox | null {
    const { kind, points } = this.measurement;
    const at = this.ctx.project(labelAnchor(kind, points));
    if (!at) return null;
    // The text never changes: measure once, when the label is first laid out in the page.
    if (!this.labelSize && this.label.offsetWidth > 0) {
      this.labelSize = { width: this.label.offsetWidth, height: this.label.offsetHeight };
    }
    const { width, height } = this.labelSize ?? { width: 0, height: 0 };
    // An angle's and a point's label sit above their point, the others centred on their anchor.
    const lift = kind === 'angle' || kind === 'point' ? 1.4 : 0.5;
    return { x: at.x - width / 2, y: at.y - height * lift, width, height };
  }

  placeLabel(box: LabelBox | null, shiftDown = 0): void {
    if (!box) {
      this.label.style.display = 'none';
      return;
    }
    this.label.style.display = '';
    this.label.style.transform = `translate(${box.x.toFixed(1)}px, ${(box.y + shiftDown).toFixed(1)}px)`;
  }

  /** Screen distance from the pointer to the drawn path (Infinity when off screen). */
  screenDistance(pointer: ScreenPoint): number {
    const screen = pathOf(this.measurement.kind, this.measurement.points).map((p) =>
      this.ctx.project(p),
    );
    let best = Infinity;
    for (let i = 0; i + 1 < screen.length; i += 1) {
      const a = screen[i];
      const b = screen[i + 1];
      if (a && b) best = Math.min(best, segmentDistance2D(pointer, a, b));
    }
    return best;
  }

  dispose(): void {
    this.path.dispose();
    this.fill?.geometry.dispose();
    this.label.remove();
  }
}

/** Shape and colour tell the snap kinds apart: corner square, edge diamond, face dot. */
const MARKER_SHAPES: Record<Snap['kind'], Partial<CSSStyleDeclaration>> = {
  vertex: {
    width: '10px',
    height: '10px',
    borderRadius: '0',
    borderColor: '#f97316',
  },
  edge: { width: '9px', height: '9px', borderRadius: '0', borderColor: '#16a34a' },
  face: {
    width: '8px',
    height: '8px',
    borderRadius: '50%',
    borderColor: '#2563eb',
  },
};

/** The measurement in progress: picked points, the rubber band to the cursor and the snap marker. */
export class PreviewVisual {
  private readonly path: PathObject;
  private readonly marker: HTMLElement;
  private snap: Snap | null = null;

  constructor(
    private readonly ctx: ViewerContext,
    materials: MeasureMaterials,
  ) {
    this.path = new PathObject(materials.preview, materials.points);
    ctx.overlayScene.add(this.path.group);
    this.marker = ctx.labelLayer.ownerDocument.createElement('div');
    this.marker.className = 'truss-snap-marker';
    Object.assign(this.marker.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      boxSizing: 'border-box',
      border: '2px solid #f97316',
      background: 'rgba(255, 255, 255, 0.6)',
      pointerEvents: 'none',
      display: 'none',
    });
    ctx.labelLayer.appendChild(this.marker);
  }

  update(kind: MeasurementKind, points: Vec3[], snap: Snap | null): void {
    this.snap = snap;
    const withCursor = snap ? [...points, snap.point] : points;
    const path =
      kind === 'area' && withCursor.length > 2 ? [...withCursor, withCursor[0]!] : withCursor;
    this.path.set(path, points);
    if (snap) {
      Object.assign(this.marker.style, MARKER_SHAPES[snap.kind]);
      this.marker.setAttribute('data-snap', snap.kind);
    }
    this.updateMarker();
  }

  updateMarker(): void {
    // The edge diamond turns within the transform, after the move: the separate CSS `rotate`
    // property would turn the move too and draw the marker hundreds of pixels off.
    const turn = this.snap?.kind === 'edge' ? ' rotate(45deg)' : '';
    place(this.marker, this.snap ? this.ctx.project(this.snap.point) : null, '-50%', turn);
  }

  dispose(): void {
    this.path.dispose();
    this.marker.remove();
  }
}
