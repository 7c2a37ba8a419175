/**
 * The WebGL renderer and the render-on-demand loop: a frame is drawn only when something asked
 * for one (or a camera transition runs). Collects draw statistics and runs the frame-rate guard:
 * while the camera moves and frames are slow, draw at a lower pixel ratio and without edges.
 */
import * as THREE from 'three';
import { glContextAttributes } from '../gl-context.ts';
import type { RenderStats, ViewerOptions } from '../api-types.ts';
import { drawablesOf, SlicedFrames, trianglesOf } from './sliced-frame.ts';

/** Above this frame time (ms: under 25 frames a second) the guard simplifies while moving. */
const SLOW_FRAME_MS = 40;
/** Full quality again this long after the last movement. */
const STILL_AFTER_MS = 250;
/** A frame requested this soon after the previous one ended continues an animation or a drag. */
const CONTINUOUS_MS = 50;

export class RenderLoop {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly modelRoot = new THREE.Group();
  readonly helperScene = new THREE.Scene();
  readonly overlayScene = new THREE.Scene();
  /** Objects the guard hides while moving on slow devices (edges). */
  readonly decorations = new THREE.Group();
  private readonly light = new THREE.DirectionalLight(0xffffff, 1.6);
  private readonly beforeRender = new Set<() => void>();
  private frameRequested = false;
  /**
   * Nothing is drawn until the first direct render() (a model's first frame): an empty scene's
   * frame would cost a slow GPU as much as a model's, right when the model is being fetched,
   * and the transparent canvas shows its host's background meanwhile.
   */
  private drawn = false;
  /** holdFrames() callers not yet released, and whether a frame was asked for meanwhile. */
  private holds = 0;
  private heldRequest = false;
  private lastFrameAt = 0;
  private lastFrameEnd = 0;
  private lastFrameMs = 0;
  private frameHandle = 0;
  private presentHandle = 0;
  /** A big model's picture drawn over several frames (sliced-frame.ts), and its next frame. */
  private readonly slices = new SlicedFrames();
  private sliceHandle = 0;
  /** Slices need the drawing buffer kept between frames (a context made with that attribute). */
  private readonly preserved: boolean;
  private readonly frameTimes: Array<{ at: number; ms: number }> = [];
  private lastMotion = 0;
  private degraded = false;
  private stillTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly maxPixelRatio: number;
  private lastInfo = { drawCalls: 0, triangles: 0 };
  private rendererName: string | null = null;
  /** Told when the guard simplifies (true) or restores full quality (false). */
  onQualityChange: ((degraded: boolean) => void) | null = null;

  constructor(
    readonly canvas: HTMLCanvasElement,
    options: ViewerOptions,
    private readonly camera: () => THREE.Camera,
    /** Runs before each frame; returns true while an animation needs more frames. */
    private readonly animate: (now: number) => boolean,
  ) {
    this.renderer = new THREE.WebGLRenderer({
      canvas,
      // The same attributes as a context prepared ahead (gl-context.ts), which is then used.
      ...glContextAttributes({
        antialias: options.antialias ?? true,
        preserveDrawingBuffer: options.preserveDrawingBuffer ?? true,
      }),
    });
    // A preview (preview/) may have drawn on this context first: three must not trust its own
    // idea of the context's state.
    this.renderer.resetState();
    this.renderer.localClippingEnabled = true;
    this.renderer.info.autoReset = false;
    this.maxPixelRatio = options.maxPixelRatio ?? Math.min(globalThis.devicePixelRatio || 1, 2);
    this.renderer.setPixelRatio(this.maxPixelRatio);
    this.preserved =
      this.renderer.getContext().getContextAttributes()?.preserveDrawingBuffer === true;
    this.scene.background = new THREE.Color(options.background ?? 0xf3f4f6);
    this.scene.add(this.modelRoot, this.decorations);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x9ca3af, 2.2));
    this.scene.add(this.light, this.light.target);
  }

  onBeforeRender(callback: () => void): () => void {
    this.beforeRender.add(callback);
    return () => this.beforeRender.delete(callback);
  }

  /** No frames are drawn until the returned function is called (each hold released once). */
  holdFrames(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      if (this.holds === 0 && this.heldRequest) {
        this.heldRequest = false;
        this.requestRender();
      }
    };
  }

  requestRender(): void {
    if (this.holds > 0) {
      this.heldRequest = true;
      return;
    }
    if (this.frameRequested || !this.drawn) return;
    this.frameRequested = true;
    const requestedAt = performance.now();
    this.frameHandle = requestAnimationFrame((now) => {
      this.frameRequested = false;
      // The render call returns before a (software) GPU has drawn; while frames follow each other
      // the interval between animation frames is the real frame time.
      const continuous = this.lastFrameAt > 0 && requestedAt - this.lastFrameEnd < CONTINUOUS_MS;
      const interval = now - this.lastFrameAt;
      this.lastFrameAt = now;
      const more = this.animate(now);
      this.render({ frameMs: continuous ? interval : undefined });
      this.lastFrameEnd = performance.now();
      if (more) this.requestRender();
      else if (this.lastFrameEnd - this.lastMotion < STILL_AFTER_MS) this.measurePresentation(now);
    });
  }

  /**
   * While the camera moves, wait for the next animation frame after a drawn one: the browser
   * grants it only once the GPU has finished the frame, so the interval is the frame's real cost.
   * render() alone returns long before a software or weak GPU has drawn, and a drag's frames are
   * often too far apart to count as continuous.
   */
  private measurePresentation(frameAt: number): void {
    if (this.presentHandle) return;
    this.presentHandle = requestAnimationFrame((next) => {
      this.presentHandle = 0;
      this.guard(next - frameAt, performance.now());
    });
  }

  /** The camera moved: count it for the frame-rate guard. */
  noteMotion(): void {
    this.lastMotion = performance.now();
    if (this.stillTimer) clearTimeout(this.stillTimer);
    // On slow devices a frame outlasts STILL_AFTER_MS: wait for two frames without motion.
    this.stillTimer = setTimeout(
      () => {
        this.stillTimer = null;
        if (this.degraded) {
          this.degraded = false;
          this.renderer.setPixelRatio(this.maxPixelRatio);
          this.decorations.visible = true;
          this.onQualityChange?.(false);
          this.requestRender();
        }
      },
      Math.max(STILL_AFTER_MS, 2 * this.lastFrameMs),
    );
  }

  isDegraded(): boolean {
    return this.degraded;
  }

  setSize(width: number, height: number): void {
    this.renderer.setSize(Math.max(1, width), Math.max(1, height), false);
  }

  /**
   * Draws one frame now: model, depth-tested helpers, then overlays on top. A model of more
   * triangles than a frame may take is drawn in slices over the next frames (sliced-frame.ts)
   * unless `whole` (or `capture`) asks for all of it now.
   */
  render(
    options: {
      overlays?: boolean;
      frameMs?: number | undefined;
      capture?: boolean;
      whole?: boolean;
    } = {},
  ): void {
    this.drawn = true;
    const started = performance.now();
    const camera = this.camera();
    this.prepareFrame(camera);
    this.renderer.info.reset();
    cancelAnimationFrame(this.sliceHandle);
    this.sliceHandle = 0;
    const drawables = drawablesOf([this.modelRoot, this.decorations]);
    const sliced =
      this.preserved &&
      !options.capture &&
      !options.whole &&
      trianglesOf(drawables) > this.slices.budget;
    if (sliced) {
      this.slices.begin(drawables);
      this.drawSlice(camera);
    } else {
      this.renderer.autoClear = true;
      this.renderer.render(this.scene, camera);
      this.drawHelpers(camera, options.overlays ?? true);
      // The helpers' and overlays' draws (pins, labels) count too.
      const info = this.renderer.info.render;
      this.lastInfo = { drawCalls: info.calls, triangles: info.triangles };
    }
    // A capture (screenshot) is no frame of the user's: the guard must not resize the canvas
    // before it is read.
    if (options.capture) return;
    const ms = Math.max(performance.now() - started, options.frameMs ?? 0);
    this.frameTimes.push({ at: started, ms });
    while (this.frameTimes.length && this.frameTimes[0]!.at < started - 1000)
      this.frameTimes.shift();
    this.guard(ms, started);
  }

  private prepareFrame(camera: THREE.Camera): void {
    for (const callback of this.beforeRender) callback();
    // The key light comes from over the viewer's shoulder (direction = position - target).
    this.light.position
      .setFromMatrixColumn(camera.matrixWorld, 2)
      .addScaledVector(new THREE.Vector3().setFromMatrixColumn(camera.matrixWorld, 1), 0.7)
      .addScaledVector(new THREE.Vector3().setFromMatrixColumn(camera.matrixWorld, 0), 0.3);
    this.light.target.position.set(0, 0, 0);
    this.light.target.updateMatrixWorld();
  }

  /**
   * The next slice of the model's picture, then the one after it on the next frame. Helpers and
   * overlays come with the last slice: drawn earlier, the model's later slices would paint over
   * them, and the overlays clear the depth the later slices are tested against.
   */
  private drawSlice(camera: THREE.Camera): void {
    this.slices.step(this.renderer, this.scene, camera);
    this.lastInfo = { drawCalls: this.slices.drawCalls, triangles: this.slices.triangles };
    if (this.slices.pending) return this.nextSlice();
    // The helpers' and overlays' draws (pins, labels) count with the picture's last slice.
    const { calls, triangles } = this.renderer.info.render;
    this.drawHelpers(camera, true);
    const after = this.renderer.info.render;
    this.lastInfo = {
      drawCalls: this.lastInfo.drawCalls + after.calls - calls,
      triangles: this.lastInfo.triangles + after.triangles - triangles,
    };
  }

  /** On a later frame, once the GPU is done with the last slice. */
  private nextSlice(): void {
    this.sliceHandle = requestAnimationFrame(() => {
      this.sliceHandle = 0;
      // A frame asked for meanwhile starts the picture again.
      if (this.frameRequested || this.holds > 0) return;
      if (!this.slices.ready(this.renderer)) return this.nextSlice();
      this.renderer.info.reset();
      this.drawSlice(this.camera());
    });
  }

  private drawHelpers(camera: THREE.Camera, overlays: boolean): void {
    this.renderer.autoClear = false;
    if (overlays && this.helperScene.children.length)
      this.renderer.render(this.helperScene, camera);
    if (overlays && this.overlayScene.children.length) {
      this.renderer.clearDepth();
      this.renderer.render(this.overlayScene, camera);
    }
    this.renderer.autoClear = true;
  }

  private guard(ms: number, now: number): void {
    this.lastFrameMs = ms;
    const moving = now - this.lastMotion < Math.max(STILL_AFTER_MS, 2 * ms);
    if (moving && !this.degraded && ms > SLOW_FRAME_MS) {
      this.degraded = true;
      this.renderer.setPixelRatio(Math.max(0.5, this.maxPixelRatio / 2));
      this.decorations.visible = false;
      this.onQualityChange?.(true);
    }
  }

  stats(): RenderStats {
    const times = this.frameTimes;
    const frameMs = times.length ? times.reduce((sum, t) => sum + t.ms, 0) / times.length : 0;
    return { ...this.lastInfo, frameMs, renderer: this.rendererString(), degraded: this.degraded };
  }

  private rendererString(): string {
    if (this.rendererName !== null) return this.rendererName;
    const gl = this.renderer.getContext();
    const debug = gl.getExtension('WEBGL_debug_renderer_info');
    const name = debug
      ? gl.getParameter(debug.UNMASKED_RENDERER_WEBGL)
      : gl.getParameter(gl.RENDERER);
    this.rendererName = String(name ?? '');
    return this.rendererName;
  }

  /**
   * PNG of the model view at full quality: at the canvas size and the full pixel ratio, or at the
   * given size in pixels, whatever the frame-rate guard lowered meanwhile (restored afterwards).
   */
  async screenshot(
    options: { width?: number; height?: number; overlays?: boolean } = {},
  ): Promise<Blob> {
    const size = this.renderer.getSize(new THREE.Vector2());
    const ratio = this.renderer.getPixelRatio();
    const resized = options.width !== undefined || options.height !== undefined;
    const degraded = this.degraded;
    if (degraded) {
      this.decorations.visible = true;
      this.onQualityChange?.(false);
    }
    this.renderer.setPixelRatio(resized ? 1 : this.maxPixelRatio);
    if (resized) this.renderer.setSize(options.width ?? size.x, options.height ?? size.y, false);
    this.render({ overlays: options.overlays ?? false, capture: true });
    // toBlob snapshots the canvas synchronously, right after the frame was drawn.
    const blob = new Promise<Blob>((resolve, reject) =>
      this.canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error('The screenshot failed.'))),
        'image/png',
      ),
    );
    this.renderer.setPixelRatio(ratio);
    if (resized) this.renderer.setSize(size.x, size.y, false);
    if (this.degraded && degraded) {
      this.decorations.visible = false;
      this.onQualityChange?.(true);
    }
    // Redraw what the user sees (with overlays, at the canvas size).
    this.requestRender();
    return blob;
  }

  dispose(): void {
    cancelAnimationFrame(this.frameHandle);
    cancelAnimationFrame(this.presentHandle);
    cancelAnimationFrame(this.sliceHandle);
    this.slices.dispose(this.renderer);
    if (this.stillTimer) clearTimeout(this.stillTimer);
    this.beforeRender.clear();
    this.renderer.dispose();
  }
}
