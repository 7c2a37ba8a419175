/**
 * A ViewerContext for unit tests in node: real three.js scenes, camera, rays and projection, no
 * WebGL and a minimal DOM stand-in for the label layer. Used by the section, measure and pins tests.
 */
import * as THREE from 'three';
import type { ViewerEvents, ViewerTool, Vec3 } from '../api-types.ts';
import type { PointerInfo, RayHit, ToolHandlers, ViewerContext } from '../core/context.ts';

type Listener = (event: Record<string, unknown>) => void;

/** Just enough of an HTMLElement for labels: style, text, children, listeners. */
export class FakeElement {
  style: Record<string, string> = {};
  textContent = '';
  tabIndex = -1;
  className = '';
  attributes: Record<string, string> = {};
  children: FakeElement[] = [];
  parent: FakeElement | null = null;
  private listeners = new Map<string, Listener[]>();
  constructor(readonly ownerDocument: { createElement(tag: string): FakeElement }) {}
  appendChild(child: FakeElement): FakeElement {
    child.parent = this;
    this.children.push(child);
    return child;
  }
  remove(): void {
    if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this);
    this.parent = null;
  }
  setAttribute(name: string, value: string): void {
    this.attributes[name] = value;
  }
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener(type: string, listener: Listener): void {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((l) => l !== listener),
    );
  }
  focus(): void {}
  dispatch(type: string, event: Record<string, unknown> = {}): void {
    const full = { preventDefault() {}, stopPropagation() {}, ...event };
    for (const l of this.listeners.get(type) ?? []) l(full);
  }
}

function createFakeLayer(): FakeElement {
  const doc = { createElement: (): FakeElement => new FakeElement(doc) };
  return new FakeElement(doc);
}

export interface FakeContext {
  ctx: ViewerContext;
  camera: THREE.PerspectiveCamera;
  layer: FakeElement;
  events: Array<{ type: keyof ViewerEvents; event: unknown }>;
  clipping: Map<string, THREE.Plane[]>;
  tools: Map<ViewerTool, ToolHandlers>;
  /** Click captures (pins); `click` runs them, then the active tool's onClick. */
  click(x: number, y: number): void;
  navigationEnabled(): boolean;
  /** What ctx.raycast returns. */
  setRaycast(fn: (x: number, y: number) => RayHit | null): void;
  render(): void;
  /** How many frames the parts asked for (ctx.requestRender). */
  renderRequests(): number;
  pointer(x: number, y: number): PointerInfo;
  /** The active tool's handlers. */
  handlers(): ToolHandlers;
}

export const WIDTH = 800;
export const HEIGHT = 600;

export function createFakeContext(options: { eye?: Vec3; target?: Vec3 } = {}): FakeContext {
  const camera = new THREE.PerspectiveCamera(50, WIDTH / HEIGHT, 0.1, 1000);
  camera.position.set(...(options.eye ?? [10, -12, 9]));
  camera.up.set(0, 0, 1);
  camera.lookAt(new THREE.Vector3(...(options.target ?? [0, 0, 0])));
  camera.updateMatrixWorld();
  camera.updateProjectionMatrix();
  const layer = createFakeLayer();
  const events: FakeContext['events'] = [];
  const clipping = new Map<string, THREE.Plane[]>();
  const tools = new Map<ViewerTool, ToolHandlers>();
  const beforeRender = new Set<() => void>();
  const captures = new Set<(p: PointerInfo) => boolean>();
  const loaded = new Set<() => void>();
  const toolChange = new Set<(tool: ViewerTool) => void>();
  let tool: ViewerTool = 'select';
  let renderRequests = 0;
  let navigation = true;
  let raycast: (x: number, y: number) => RayHit | null = () => null;
  const modelBox = new THREE.Box3(new THREE.Vector3(-5, -5, -5), new THREE.Vector3(5, 5, 5));

  const pointer = (x: number, y: number): PointerInfo => ({
    x,
    y,
    button: 0,
    shiftKey: false,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    event: { buttons: 0, preventDefault() {} } as PointerEvent,
  });

  const ctx: ViewerContext = {
    canvas: { clientWidth: WIDTH, clientHeight: HEIGHT, style: {} } as HTMLCanvasElement,
    renderer: null as unknown as THREE.WebGLRenderer,
    scene: new THREE.Scene(),
    modelRoot: new THREE.Group(),
    helperScene: new THREE.Scene(),
    overlayScene: new THREE.Scene(),
    camera: () => camera,
    modelBox: () => modelBox.clone(),
    requestRender: () => void renderRequests++,
    raycast: (x, y) => raycast(x, y),
    ray(x, y) {
      const raycaster = new THREE.Raycaster();
      raycaster.setFromCamera(new THREE.Vector2((x / WIDTH) * 2 - 1, 1 - (y / HEIGHT) * 2), camera);
      return raycaster.ray.clone();
    },
    project(point) {
      const p = new THREE.Vector3(...point).applyMatrix4(camera.matrixWorldInverse);
      if (p.z >= -camera.near) return null;
      p.applyMatrix4(camera.projectionMatrix);
      return { x: ((p.x + 1) / 2) * WIDTH, y: ((1 - p.y) / 2) * HEIGHT };
    },
    setClipping: (key, planes) => void clipping.set(key, planes),
    registerTool(name, handlers) {
      tools.set(name, handlers);
      return () => {
        if (tools.get(name) === handlers) tools.delete(name);
      };
    },
    getTool: () => tool,
    captureClicks(handler) {
      captures.add(handler);
      return () => void captures.delete(handler);
    },
    setTool(next) {
      if (next === tool) return;
      tools.get(tool)?.onDeactivate?.();
      tool = next;
      for (const cb of toolChange) cb(next);
    },
    onToolChange(cb) {
      toolChange.add(cb);
      return () => void toolChange.delete(cb);
    },
    setNavigationEnabled: (enabled) => void (navigation = enabled),
    emit: (type, event) => void events.push({ type, event }),
    onBeforeRender(cb) {
      beforeRender.add(cb);
      return () => void beforeRender.delete(cb);
    },
    onModelLoaded(cb) {
      loaded.add(cb);
      return () => void loaded.delete(cb);
    },
    labelLayer: layer as unknown as HTMLElement,
    // No model loaded: the tools under test do not touch elements.
    elements: {
      state: () => null,
      boxes: () => new Float32Array(0),
      drawnIds: () => [],
      setXray() {},
      setGhosted() {},
    },
  };

  return {
    ctx,
    camera,
    layer,
    events,
    clipping,
    tools,
    click(x, y) {
      const p = pointer(x, y);
      if ([...captures].some((capture) => capture(p))) return;
      tools.get(tool)?.onClick?.(p);
    },
    navigationEnabled: () => navigation,
    setRaycast: (fn) => void (raycast = fn),
    render: () => beforeRender.forEach((cb) => cb()),
    renderRequests: () => renderRequests,
    pointer,
    handlers() {
      const handlers = tools.get(tool);
      if (!handlers) throw new Error(`No handlers for ${tool}`);
      return handlers;
    },
  };
}
