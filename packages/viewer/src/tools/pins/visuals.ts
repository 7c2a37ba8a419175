/**
 * How pins look: one THREE.Points drawn twice from the same buffers, a faint copy without depth
 * test (occluded pins, 'dim' mode) and a full copy depth-tested against the model. Markers are
 * round, coloured, with a white ring (orange when highlighted) and the cluster count drawn from a
 * digit atlas in the fragment shader: two draw calls whatever the number of pins, no DOM.
 */
import * as THREE from 'three';

/** Marker diameter in CSS pixels (clusters and the highlighted pin are drawn larger). */
export const PIN_SIZE = 18;
const GLYPHS = '0123456789+';

const vertexShader = /* glsl */ `
attribute vec3 pinColor;
attribute float pinCount;
attribute float pinFlag;
uniform float uSize;
uniform float uRatio;
uniform float uBias;
uniform float uOrtho;
varying vec3 vColor;
varying float vCount;
varying float vFlag;
void main() {
  vec4 mv = modelViewMatrix * vec4(position, 1.0);
  // Pull the marker towards the camera so the surface it sits on does not cut it.
  if (uOrtho > 0.5) mv.z += uBias;
  else mv.xyz *= 1.0 - min(0.5, uBias / max(length(mv.xyz), 1e-6));
  gl_Position = projectionMatrix * mv;
  float scale = pinCount > 1.5 ? 1.2 : 1.0;
  if (pinFlag > 0.5) scale *= 1.3;
  gl_PointSize = uSize * uRatio * scale;
  vColor = pinColor;
  vCount = pinCount;
  vFlag = pinFlag;
}`;

const fragmentShader = /* glsl */ `
uniform sampler2D uDigits;
uniform float uOpacity;
varying vec3 vColor;
varying float vCount;
varying float vFlag;
float glyphAt(vec2 p) {
  float n = floor(vCount + 0.5);
  float count = n > 99.0 ? 3.0 : (n > 9.0 ? 2.0 : 1.0);
  float w = count > 2.5 ? 0.42 : 0.5;
  float total = w * count;
  vec2 box = vec2(p.x + total * 0.5, p.y + 0.45);
  if (box.x < 0.0 || box.x >= total || box.y < 0.0 || box.y >= 0.9) return 0.0;
  float slot = floor(box.x / w);
  float code;
  if (count > 2.5) code = slot > 1.5 ? 10.0 : 9.0;
  else if (count > 1.5) code = slot < 0.5 ? floor(n / 10.0) : mod(n, 10.0);
  else code = n;
  vec2 uv = vec2((code + fract(box.x / w)) / 11.0, box.y / 0.9);
  return texture2D(uDigits, uv).a;
}
void main() {
  vec2 p = gl_PointCoord * 2.0 - 1.0;
  float r = length(p);
  // No discard: the corners blend away at alpha 0, and a shader without discard keeps the early
  // depth test, so markers behind the model cost almost nothing.
  vec3 ring = vFlag > 0.5 ? vec3(0.976, 0.451, 0.086) : vec3(1.0);
  vec3 color = mix(vColor, ring, smoothstep(0.66, 0.72, r));
  if (vCount > 1.5) color = mix(color, vec3(1.0), glyphAt(p));
  else color = mix(color, vec3(1.0), 1.0 - smoothstep(0.2, 0.26, r));
  gl_FragColor = vec4(color, uOpacity * (1.0 - smoothstep(0.9, 1.0, min(r, 1.0))));
}`;

function digitAtlas(): THREE.Texture {
  const canvas = typeof document === 'undefined' ? null : document.createElement('canvas');
  if (!canvas) return new THREE.Texture();
  canvas.width = 32 * GLYPHS.length;
  canvas.height = 48;
  const g = canvas.getContext('2d');
  if (g) {
    g.fillStyle = '#fff';
    g.font = 'bold 40px system-ui, sans-serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    [...GLYPHS].forEach((c, i) => g.fillText(c, i * 32 + 16, 25));
  }
  const texture = new THREE.CanvasTexture(canvas);
  texture.flipY = false;
  texture.minFilter = THREE.LinearFilter;
  return texture;
}

export class PinVisuals {
  readonly geometry = new THREE.BufferGeometry();
  private readonly atlas = digitAtlas();
  readonly full: THREE.Points;
  readonly dim: THREE.Points;
  private readonly uniforms = {
    uSize: { value: PIN_SIZE },
    uRatio: { value: 1 },
    uBias: { value: 0 },
    uOrtho: { value: 0 },
  };
  private capacity = 0;
  /** What setVisible asked for; the points draw only while there are markers too. */
  private shown = { visible: true, dimOccluded: true };
  private markerCount = 0;

  constructor(parent: THREE.Object3D) {
    const material = (opacity: number, depthTest: boolean) =>
      new THREE.ShaderMaterial({
        uniforms: {
          ...this.uniforms,
          uDigits: { value: this.atlas },
          uOpacity: { value: opacity },
        },
        vertexShader,
        fragmentShader,
        transparent: true,
        depthTest,
        depthWrite: false,
      });
    this.dim = new THREE.Points(this.geometry, material(0.35, false));
    this.full = new THREE.Points(this.geometry, material(1, true));
    for (const [i, points] of [this.dim, this.full].entries()) {
      points.renderOrder = 10 + i;
      // Positions change every frame the clusters change; bounds checks would cost more.
      points.frustumCulled = false;
      points.name = i === 0 ? 'pins-occluded' : 'pins';
    }
    parent.add(this.dim, this.full);
    this.applyVisibility();
    this.ensure(1);
  }

  private ensure(count: number): void {
    if (count <= this.capacity) return;
    this.capacity = Math.max(count, this.capacity * 2, 64);
    const n = this.capacity;
    this.geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(n * 3), 3));
    this.geometry.setAttribute('pinColor', new THREE.BufferAttribute(new Float32Array(n * 3), 3));
    this.geometry.setAttribute('pinCount', new THREE.BufferAttribute(new Float32Array(n), 1));
    this.geometry.setAttribute('pinFlag', new THREE.BufferAttribute(new Float32Array(n), 1));
  }

  /**
   * Writes the markers: points relative to `origin` (the objects sit at the origin, so large
   * model coordinates keep float32 precision), colours 0xRRGGBB, counts, highlighted flags.
   */
  write(
    origin: THREE.Vector3,
    markers: ReadonlyArray<{
      point: readonly number[];
      color: number;
      count: number;
      flag: boolean;
    }>,
  ): void {
    this.ensure(markers.length);
    const position = this.geometry.getAttribute('position') as THREE.BufferAttribute;
    const color = this.geometry.getAttribute('pinColor') as THREE.BufferAttribute;
    const count = this.geometry.getAttribute('pinCount') as THREE.BufferAttribute;
    const flag = this.geometry.getAttribute('pinFlag') as THREE.BufferAttribute;
    markers.forEach((m, i) => {
      position.setXYZ(i, m.point[0]! - origin.x, m.point[1]! - origin.y, m.point[2]! - origin.z);
      color.setXYZ(
        i,
        ((m.color >> 16) & 255) / 255,
        ((m.color >> 8) & 255) / 255,
        (m.color & 255) / 255,
      );
      count.setX(i, m.count);
      flag.setX(i, m.flag ? 1 : 0);
    });
    for (const attribute of [position, color, count, flag]) {
      attribute.clearUpdateRanges();
      attribute.addUpdateRange(0, markers.length * attribute.itemSize);
      attribute.needsUpdate = true;
    }
    this.geometry.setDrawRange(0, markers.length);
    // three issues a draw call for an empty range: no markers, no draws (two per frame before).
    this.markerCount = markers.length;
    this.applyVisibility();
    this.full.position.copy(origin);
    this.dim.position.copy(origin);
  }

  /** Per frame: pixel ratio, orthographic or not, and how far to pull markers forward. */
  frame(ratio: number, ortho: boolean, bias: number): void {
    this.uniforms.uRatio.value = ratio;
    this.uniforms.uOrtho.value = ortho ? 1 : 0;
    this.uniforms.uBias.value = bias;
  }

  setVisible(visible: boolean, dimOccluded: boolean): void {
    this.shown = { visible, dimOccluded };
    this.applyVisibility();
  }

  private applyVisibility(): void {
    const visible = this.shown.visible && this.markerCount > 0;
    this.full.visible = visible;
    this.dim.visible = visible && this.shown.dimOccluded;
  }

  dispose(): void {
    this.full.removeFromParent();
    this.dim.removeFromParent();
    this.geometry.dispose();
    (this.full.material as THREE.Material).dispose();
    (this.dim.material as THREE.Material).dispose();
    this.atlas.dispose();
  }
}
