/**
 * createViewer: wires the renderer, cameras, input, the loaded model and the extensions into the
 * public Viewer. Model-specific state (meshes, element state, boxes) lives in ModelHost.
 */
import * as THREE from 'three';
import type {
  LoadedModelInfo,
  ModelLoadOptions,
  ViewableSource,
  Viewer,
  ViewerEvents,
  ViewerOptions,
  ViewerTool,
  Viewpoint,
} from '../api.ts';
import { createSectionExtension } from '../extensions/section/index.ts';
import { createMeasureExtension } from '../extensions/measure/index.ts';
import { createPinsExtension } from '../extensions/pins/index.ts';
import { createSelection } from '../extensions/selection.ts';
import { ViewCube } from '../extensions/viewcube.ts';
import { createDiffExtension } from '../extensions/diff.ts';
import { createVisibility } from '../extensions/visibility.ts';
import { Navigation } from '../navigation/navigation.ts';
import { CameraRig } from '../navigation/camera-rig.ts';
import { storeyFloors } from '../navigation/walk-start.ts';
import type { ViewerContext } from './context.ts';
import { Emitter } from './events.ts';
import { InputRouter } from './input.ts';
import { ModelHost } from './model-host.ts';
import { createOverlay } from './overlay.ts';
import { RenderLoop } from './renderer.ts';
import { createScreenRays } from './screen-rays.ts';
import { measureApi, navigationApi, pinsApi } from './viewer-api-parts.ts';
import { applyViewpoint, captureViewpoint } from './viewpoint-state.ts';

export function createViewer(options: ViewerOptions): Viewer {
  const { canvas } = options;
  const emitter = new Emitter<ViewerEvents>();
  // The rig reads the model box lazily (the model host is created with the loop's scenes below).
  const rig: CameraRig = new CameraRig((): THREE.Box3 => model.box);
  let navigation: Navigation | null = null;
  const loadedCallbacks = new Set<() => void>();
  const toolCallbacks = new Set<(tool: ViewerTool) => void>();
  const loop: RenderLoop = new RenderLoop(
    canvas,
    options,
    () => rig.camera(),
    (now): boolean => {
      const more = navigation?.tick(now) ?? false;
      if (more) cameraChanged();
      return more;
    },
  );
  const model: ModelHost = new ModelHost(loop.modelRoot, loop.decorations);
  model.warmUp(loop.renderer, rig.camera(), loop.scene);
  const overlay = createOverlay(canvas);
  loop.onQualityChange = (degraded) => {
    model.uniforms.hideSmall.value = degraded ? 1 : 0;
  };
  const clipEntries = new Map<string, THREE.Plane[]>();
  const clippingPlanes = model.clippingPlanes;
  const { ray, raycast, project } = createScreenRays(canvas, rig, model, clippingPlanes);

  function cameraChanged(): void {
    loop.requestRender();
    emitter.emit('camera-change', {});
  }

  const input = new InputRouter(
    canvas,
    {
      pointerDown: (e, x, y) => navigation?.pointerDown(e, x, y),
      pointerMove: (e, x, y) => {
        // Only the user's own moves count for the frame-rate guard: programmatic camera changes
        // (viewpoints, fits) must render at full quality, so screenshots and tests compare.
        if (e.buttons !== 0) loop.noteMotion();
        navigation?.pointerMove(e, x, y);
      },
      pointerUp: (e) => navigation?.pointerUp(e),
      wheel: (e, x, y) => {
        loop.noteMotion();
        navigation?.wheel(e, x, y);
      },
      keyDown: (e) => {
        const handled = navigation?.keyDown(e) ?? false;
        if (handled) loop.noteMotion();
        return handled;
      },
      keyUp: (e) => navigation?.keyUp(e),
    },
    (tool) => {
      for (const callback of [...toolCallbacks]) callback(tool);
      emitter.emit('tool-change', { tool });
      loop.requestRender();
    },
  );

  const ctx: ViewerContext = {
    canvas,
    renderer: loop.renderer,
    scene: loop.scene,
    modelRoot: loop.modelRoot,
    helperScene: loop.helperScene,
    overlayScene: loop.overlayScene,
    camera: () => rig.camera(),
    modelBox: () => model.box.clone(),
    requestRender: () => loop.requestRender(),
    raycast,
    ray,
    project,
    setClipping(key, planes) {
      if (planes.length) clipEntries.set(key, planes);
      else clipEntries.delete(key);
      clippingPlanes.length = 0;
      for (const entry of clipEntries.values()) clippingPlanes.push(...entry);
      loop.requestRender();
    },
    registerTool: (tool, handlers) => input.register(tool, handlers),
    captureClicks: (handler) => input.captureClicks(handler),
    getTool: () => input.getTool(),
    setTool: (tool) => input.setTool(tool),
    onToolChange(callback) {
      toolCallbacks.add(callback);
      return () => toolCallbacks.delete(callback);
    },
    setNavigationEnabled(enabled) {
      input.navigationEnabled = enabled;
    },
    emit: (type, event) => emitter.emit(type, event),
    onBeforeRender: (callback) => loop.onBeforeRender(callback),
    onModelLoaded(callback) {
      loadedCallbacks.add(callback);
      return () => loadedCallbacks.delete(callback);
    },
    labelLayer: overlay.layer,
  };

  navigation = new Navigation({
    canvas,
    rig,
    visibleBox: () => model.visibleBox(),
    elementsBox: (ids) => model.elementsBox(ids),
    pickPoint: (x, y) => {
      const hit = raycast(x, y);
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
    ray,
    changed: cameraChanged,
  });
  const nav = navigation;

  const viewCube = new ViewCube(
    overlay.layer,
    (view) => nav.setStandardView(view),
    options.viewCubeLabels,
  );
  const offCube = loop.onBeforeRender(() => viewCube.update(rig.camera()));

  const selection = createSelection({
    ctx,
    state: () => model.state,
    elementBoxes: () => model.elementBoxes(),
  });
  const visibility = createVisibility({
    ctx,
    state: () => model.state,
    applyXray: (on) => model.setXray(on),
    applyGhosted: (ids) => model.setGhosted(ids),
    elementIds: () => model.drawnElementIds(),
  });
  const diff = createDiffExtension(visibility);
  const section = createSectionExtension(ctx);
  const measure = createMeasureExtension(ctx);

  const resize = () => {
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    if (width === 0 || height === 0) return;
    loop.setSize(width, height);
    rig.setAspect(width / height);
    overlay.place();
    loop.requestRender();
  };
  // After a lost GPU context comes back three re-uploads lazily; the state texture must follow.
  const contextRestored = () => {
    if (model.state) model.state.texture.needsUpdate = true;
    loop.requestRender();
  };
  canvas.addEventListener('webglcontextrestored', contextRestored);
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
  observer?.observe(canvas);
  resize();
  rig.update();
  loop.requestRender();

  let loadSequence = 0;
  let pendingViewpoint: { viewpoint: Viewpoint; animate: boolean } | null = null;
  let disposed = false;

  const viewpointDeps = {
    rig,
    model,
    section,
    selection,
    visibility,
    setEdges: (on: boolean) => viewer.setEdges(on),
    edgesOn: () => model.edgesOn(),
    emitter,
    cameraChanged,
  };

  const pins = createPinsExtension({
    ctx,
    getViewpoint: () => viewer.getViewpoint(),
    setViewpoint: (viewpoint, animate) => viewer.setViewpoint(viewpoint, { animate }),
    screenshot: (size) => viewer.screenshot(size),
    fitBox: (box, animate) => nav.fitTo(box, null, animate),
    isElementVisible: (id) => model.state?.isVisible(id) ?? true,
  });

  let modelSequence = 0;
  const loadModel = async (
    source: ViewableSource,
    loadOptions: ModelLoadOptions,
    append: boolean,
  ): Promise<LoadedModelInfo> => {
    const sequence = append ? loadSequence : ++loadSequence;
    const stale = () => sequence !== loadSequence || disposed;
    const started = performance.now();
    const key = loadOptions.key ?? (append ? `model-${++modelSequence}` : 'default');
    let first = false;
    try {
      const info = await model.load(source, {
        signal: loadOptions.signal,
        key,
        translation: loadOptions.translation ?? null,
        append,
        progress: (progress) => emitter.emit('progress', progress),
        prepared: () => {
          if (stale()) return;
          first = model.parts.length === 1;
          rig.update();
          if (!first) return;
          if (pendingViewpoint) {
            const { viewpoint } = pendingViewpoint;
            pendingViewpoint = null;
            nav.forgetFirstFit();
            applyViewpoint(viewpointDeps, viewpoint, false);
          } else nav.fitFirst();
        },
        firstFrame: () => {
          if (stale()) return;
          loop.render();
          if (first) emitter.emit('first-frame', { ms: performance.now() - started });
        },
        render: () => loop.requestRender(),
        stale,
      });
      for (const callback of [...loadedCallbacks]) callback();
      loop.requestRender();
      emitter.emit('progress', { stage: 'done', fraction: 1, loadedBytes: 0, totalBytes: null });
      emitter.emit('loaded', { ...info, ms: performance.now() - started });
      return info;
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      if (failure.name !== 'AbortError') emitter.emit('error', { error: failure });
      throw failure;
    }
  };

  const viewer: Viewer = {
    load: (source, loadOptions = {}) => loadModel(source, loadOptions, false),
    addModel: (source, loadOptions = {}) => loadModel(source, loadOptions, true),
    removeModel(key) {
      const removed = model.remove(key);
      if (removed) {
        rig.update();
        for (const callback of [...loadedCallbacks]) callback();
        emitter.emit('selection-change', { ids: selection.get() });
        emitter.emit('visibility-change', {
          hidden: visibility.getHidden(),
          isolated: visibility.getIsolated(),
        });
        loop.requestRender();
      }
      return removed;
    },
    models: () => model.parts.flatMap((part) => (part.info ? [part.info] : [])),
    modelOf(elementId) {
      const part = model.partOf(elementId);
      return part?.info ? { model: part.info, row: elementId - part.offset } : null;
    },
    on: (type, listener) => emitter.on(type, listener),
    pick(x, y) {
      const hit = raycast(x, y);
      return hit ? { elementId: hit.elementId, point: hit.point, normal: hit.normal } : null;
    },
    boxOf(elementIds) {
      const box = model.elementsBox(elementIds);
      return box.isEmpty() ? null : [box.min.toArray(), box.max.toArray()];
    },
    project,
    setTool: (tool: ViewerTool) => input.setTool(tool),
    getTool: () => input.getTool(),
    getViewpoint: () => captureViewpoint(viewpointDeps),
    setViewpoint(viewpoint, setOptions = {}) {
      if (!model.state) {
        // Not loaded yet: validate now, apply as soon as the model is prepared.
        pendingViewpoint = { viewpoint: applyViewpoint(null, viewpoint, false), animate: false };
        return;
      }
      applyViewpoint(viewpointDeps, viewpoint, setOptions.animate ?? false);
    },
    async screenshot(shotOptions = {}) {
      const aspect = rig.getAspect();
      const width = shotOptions.width ?? canvas.clientWidth;
      const height = shotOptions.height ?? canvas.clientHeight;
      rig.setAspect(width / Math.max(1, height));
      try {
        return await loop.screenshot(shotOptions);
      } finally {
        rig.setAspect(aspect);
        loop.requestRender();
      }
    },
    setEdges(on) {
      model.setEdges(on);
      loop.requestRender();
    },
    renderNow() {
      navigation?.tick(performance.now());
      loop.render();
      return loop.stats();
    },
    getStats: () => loop.stats(),
    holdFrames: () => loop.holdFrames(),
    resize,
    dispose() {
      if (disposed) return;
      disposed = true;
      loadSequence++;
      observer?.disconnect();
      canvas.removeEventListener('webglcontextrestored', contextRestored);
      input.dispose();
      offCube();
      viewCube.dispose();
      selection.dispose();
      section.dispose();
      measure.dispose();
      pins.dispose();
      model.dispose();
      loop.dispose();
      overlay.dispose();
      emitter.clear();
      loadedCallbacks.clear();
      toolCallbacks.clear();
    },
    navigation: navigationApi(nav, viewCube, () => loop.requestRender()),
    selection: { get: selection.get, set: selection.set, clear: selection.clear },
    visibility,
    diff,
    section,
    measure: measureApi(measure),
    pins: pinsApi(pins),
  };
  return viewer;
}
