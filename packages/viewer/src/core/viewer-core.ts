/**
 * The engine's core: the render loop, the camera and its navigation, input, the loaded models and
 * the context (context.ts) the built-in parts are built on. It knows none of those parts: the
 * composition root (viewer.ts) builds them on `context` and hands them to `use`, which disposes
 * them with the core, last built first.
 */
import * as THREE from 'three';
import type {
  LoadedModelInfo,
  ModelLoadOptions,
  RenderStats,
  Vec3,
  ViewableSource,
  ViewerEvents,
  ViewerOptions,
  ViewerTool,
} from '../api-types.ts';
import { CameraRig } from '../navigation/camera-rig.ts';
import { Navigation } from '../navigation/navigation.ts';
import { storeyFloors } from '../navigation/walk-start.ts';
import type { ViewerContext } from './context.ts';
import { Emitter } from './events.ts';
import { InputRouter } from './input.ts';
import { ModelHost } from './model-host.ts';
import { createOverlay } from './overlay.ts';
import { RenderLoop } from './renderer.ts';
import { createScreenRays } from './screen-rays.ts';

/** What the core disposes with itself. */
export interface Disposable {
  dispose(): void;
}

export class ViewerCore {
  readonly canvas: HTMLCanvasElement;
  readonly emitter = new Emitter<ViewerEvents>();
  readonly rig: CameraRig;
  readonly loop: RenderLoop;
  readonly model: ModelHost;
  readonly navigation: Navigation;
  readonly input: InputRouter;
  readonly context: ViewerContext;
  readonly project: (point: Vec3) => { x: number; y: number } | null;
  /**
   * Places the camera when the first model's meshes exist (before anything is drawn): a fit by
   * default; the composition root applies a viewpoint given before the load instead.
   */
  placeFirstModel: () => void = () => this.navigation.fitFirst();
  private readonly overlay: ReturnType<typeof createOverlay>;
  private readonly raycast: ViewerContext['raycast'];
  private readonly ray: ViewerContext['ray'];
  private readonly loadedCallbacks = new Set<() => void>();
  private readonly toolCallbacks = new Set<(tool: ViewerTool) => void>();
  private readonly clipEntries = new Map<string, THREE.Plane[]>();
  private readonly parts: Disposable[] = [];
  private readonly observer: ResizeObserver | null;
  /** The canvas's CSS size last given to the renderer and the camera. */
  private size = { width: 0, height: 0 };
  private loadSequence = 0;
  private modelSequence = 0;
  private disposed = false;

  constructor(options: ViewerOptions) {
    const canvas = (this.canvas = options.canvas);
    // The rig reads the model box lazily (the model host is created with the loop's scenes below).
    this.rig = new CameraRig((): THREE.Box3 => this.model.box);
    this.loop = new RenderLoop(
      canvas,
      options,
      () => this.rig.camera(),
      (now): boolean => {
        const more = this.navigation?.tick(now) ?? false;
        if (more) this.cameraChanged();
        return more;
      },
    );
    this.model = new ModelHost(this.loop.modelRoot, this.loop.decorations);
    this.model.warmUp(this.loop.renderer, this.rig.camera(), this.loop.scene);
    this.overlay = createOverlay(canvas);
    this.loop.onQualityChange = (degraded) => {
      this.model.uniforms.hideSmall.value = degraded ? 1 : 0;
    };
    const rays = createScreenRays(canvas, this.rig, this.model, this.model.clippingPlanes);
    this.ray = rays.ray;
    this.raycast = rays.raycast;
    this.project = rays.project;
    this.input = this.createInput();
    this.navigation = this.createNavigation();
    this.context = this.createContext();
    canvas.addEventListener('webglcontextrestored', this.contextRestored);
    this.observer = typeof ResizeObserver === 'function' ? new ResizeObserver(this.resize) : null;
    this.observer?.observe(canvas);
    this.resize();
    this.rig.update();
    this.loop.requestRender();
  }

  /** Keeps a part built on `context`, to dispose it with the core. */
  use<Part extends Disposable>(part: Part): Part {
    this.parts.push(part);
    return part;
  }

  cameraChanged = (): void => {
    this.model.cameraMoved();
    this.loop.requestRender();
    this.emitter.emit('camera-change', {});
  };

  /** Tells the parts that the loaded models changed (a load finished, a model left). */
  modelsChanged(): void {
    for (const callback of [...this.loadedCallbacks]) callback();
  }

  async load(
    source: ViewableSource,
    options: ModelLoadOptions,
    append: boolean,
  ): Promise<LoadedModelInfo> {
    const sequence = append ? this.loadSequence : ++this.loadSequence;
    const stale = () => sequence !== this.loadSequence || this.disposed;
    const started = performance.now();
    const key = options.key ?? (append ? `model-${++this.modelSequence}` : 'default');
    let first = false;
    try {
      const info = await this.model.load(source, {
        signal: options.signal,
        key,
        translation: options.translation ?? null,
        append,
        progress: (progress) => this.emitter.emit('progress', progress),
        prepared: () => {
          if (stale()) return;
          first = this.model.parts.length === 1;
          this.rig.update();
          if (first) this.placeFirstModel();
        },
        firstFrame: () => {
          if (stale()) return;
          this.loop.render();
          if (first) this.emitter.emit('first-frame', { ms: performance.now() - started });
        },
        render: () => this.loop.requestRender(),
        camera: () => this.rig.camera(),
        stale,
      });
      this.modelsChanged();
      this.loop.requestRender();
      const done = { stage: 'done', fraction: 1, loadedBytes: 0, totalBytes: null } as const;
      this.emitter.emit('progress', done);
      this.emitter.emit('loaded', { ...info, ms: performance.now() - started });
      return info;
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      if (failure.name !== 'AbortError') this.emitter.emit('error', { error: failure });
      throw failure;
    }
  }

  /** Removes one model; true if it was loaded (the parts are told, nothing is emitted here). */
  removeModel(key: string): boolean {
    const removed = this.model.remove(key);
    if (removed) {
      this.rig.update();
      this.modelsChanged();
      this.loop.requestRender();
    }
    return removed;
  }

  models(): LoadedModelInfo[] {
    return this.model.parts.flatMap((part) => (part.info ? [part.info] : []));
  }

  modelOf(elementId: number): { model: LoadedModelInfo; row: number } | null {
    const part = this.model.partOf(elementId);
    return part?.info ? { model: part.info, row: elementId - part.offset } : null;
  }

  pick(x: number, y: number): { elementId: number; point: Vec3; normal: Vec3 | null } | null {
    const hit = this.raycast(x, y);
    return hit ? { elementId: hit.elementId, point: hit.point, normal: hit.normal } : null;
  }

  boxOf(elementIds: number[]): [Vec3, Vec3] | null {
    const box = this.model.elementsBox(elementIds);
    return box.isEmpty() ? null : [box.min.toArray(), box.max.toArray()];
  }

  async screenshot(options: { width?: number; height?: number; overlays?: boolean } = {}) {
    const aspect = this.rig.getAspect();
    const width = options.width ?? this.canvas.clientWidth;
    const height = options.height ?? this.canvas.clientHeight;
    this.rig.setAspect(width / Math.max(1, height));
    try {
      return await this.loop.screenshot(options);
    } finally {
      this.rig.setAspect(aspect);
      this.loop.requestRender();
    }
  }

  setEdges(on: boolean): void {
    this.model.setEdges(on);
    this.loop.requestRender();
  }

  renderNow(): RenderStats {
    this.navigation.tick(performance.now());
    this.loop.render({ whole: true });
    return this.loop.stats();
  }

  resize = (): void => {
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    if (width === 0 || height === 0) return;
    // A ResizeObserver reports its canvas once when it starts observing, whatever the size: on a
    // model page that came right after the first frame and drew the whole model again (a 30 ms
    // frame commit in a small house's trace, before the app could start).
    if (width === this.size.width && height === this.size.height) return;
    this.size = { width, height };
    this.loop.setSize(width, height);
    this.rig.setAspect(width / height);
    this.overlay.place();
    this.loop.requestRender();
  };

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.loadSequence++;
    this.observer?.disconnect();
    this.canvas.removeEventListener('webglcontextrestored', this.contextRestored);
    this.input.dispose();
    for (const part of this.parts.splice(0).reverse()) part.dispose();
    this.model.dispose();
    this.loop.dispose();
    this.overlay.dispose();
    this.emitter.clear();
    this.loadedCallbacks.clear();
    this.toolCallbacks.clear();
  }

  /** After a lost GPU context comes back three re-uploads lazily; the state texture must follow. */
  private readonly contextRestored = (): void => {
    const { state } = this.model.elements;
    if (state) state.texture.needsUpdate = true;
    this.loop.requestRender();
  };

  private createInput(): InputRouter {
    const loop = this.loop;
    return new InputRouter(
      this.canvas,
      {
        pointerDown: (e, x, y) => this.navigation.pointerDown(e, x, y),
        pointerMove: (e, x, y) => {
          // Only the user's own moves count for the frame-rate guard: programmatic camera changes
          // (viewpoints, fits) must render at full quality, so screenshots and tests compare.
          if (e.buttons !== 0) loop.noteMotion();
          this.navigation.pointerMove(e, x, y);
        },
        pointerUp: (e) => this.navigation.pointerUp(e),
        wheel: (e, x, y) => {
          loop.noteMotion();
          this.navigation.wheel(e, x, y);
        },
        keyDown: (e) => {
          const handled = this.navigation.keyDown(e);
          if (handled) loop.noteMotion();
          return handled;
        },
        keyUp: (e) => this.navigation.keyUp(e),
      },
      (tool) => {
        for (const callback of [...this.toolCallbacks]) callback(tool);
        this.emitter.emit('tool-change', { tool });
        loop.requestRender();
      },
    );
  }

  private createNavigation(): Navigation {
    const model = this.model;
    return new Navigation({
      canvas: this.canvas,
      rig: this.rig,
      visibleBox: () => model.elements.visibleBox(),
      elementsBox: (ids) => model.elementsBox(ids),
      pickPoint: (x, y) => {
        const hit = this.raycast(x, y);
        return hit ? new THREE.Vector3(...hit.point) : null;
      },
      floors: () => {
        const boxes = model.elementBoxes();
        return model.parts
          .flatMap((part) =>
            part.metadata
              ? storeyFloors(part.metadata, boxes.subarray(part.offset * 6, part.end * 6))
              : [],
          )
          .sort((a, b) => a - b);
      },
      ray: this.ray,
      changed: this.cameraChanged,
    });
  }

  private createContext(): ViewerContext {
    const { loop, model, input, clipEntries } = this;
    return {
      canvas: this.canvas,
      renderer: loop.renderer,
      scene: loop.scene,
      modelRoot: loop.modelRoot,
      helperScene: loop.helperScene,
      overlayScene: loop.overlayScene,
      camera: () => this.rig.camera(),
      modelBox: () => model.box.clone(),
      requestRender: () => loop.requestRender(),
      raycast: this.raycast,
      ray: this.ray,
      project: this.project,
      setClipping(key, planes) {
        if (planes.length) clipEntries.set(key, planes);
        else clipEntries.delete(key);
        model.clippingPlanes.length = 0;
        for (const entry of clipEntries.values()) model.clippingPlanes.push(...entry);
        loop.requestRender();
      },
      registerTool: (tool, handlers) => input.register(tool, handlers),
      captureClicks: (handler) => input.captureClicks(handler),
      getTool: () => input.getTool(),
      setTool: (tool) => input.setTool(tool),
      onToolChange: (callback) => {
        this.toolCallbacks.add(callback);
        return () => this.toolCallbacks.delete(callback);
      },
      setNavigationEnabled(enabled) {
        input.navigationEnabled = enabled;
      },
      emit: (type, event) => this.emitter.emit(type, event),
      onBeforeRender: (callback) => loop.onBeforeRender(callback),
      onModelLoaded: (callback) => {
        this.loadedCallbacks.add(callback);
        return () => this.loadedCallbacks.delete(callback);
      },
      labelLayer: this.overlay.layer,
      elements: {
        state: () => model.elements.state,
        boxes: () => model.elementBoxes(),
        drawnIds: () => model.drawnElementIds(),
        setXray: (on) => model.elements.setXray(on),
        setGhosted: (ids) => model.elements.setGhosted(ids),
      },
    };
  }
}
