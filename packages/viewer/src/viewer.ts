/**
 * createViewer, the engine's composition root: the core (core/viewer-core.ts) on the canvas, the
 * built-in parts on its context (the element operations in `elements/`, the tools in `tools/`,
 * the view cube), viewpoints across them, and the public Viewer (api.ts) over it all.
 */
import type { ViewerOptions, ViewerTool } from './api-types.ts';
import type { DiffApi, MeasureApi, PinsApi, SectionApi, Viewer } from './api.ts';
import { ViewerCore } from './core/viewer-core.ts';
import { createVersionDiff } from './elements/version-diff.ts';
import { createVisibility } from './elements/visibility.ts';
import { ViewCube } from './navigation/view-cube.ts';
import { navigationFace, publicFace } from './public-faces.ts';
import { MeasureTool } from './tools/measure/measure-tool.ts';
import { PinMarkers } from './tools/pins/pin-markers.ts';
import { SectionTool } from './tools/section/section-tool.ts';
import { createSelection } from './tools/selection.ts';
import { Viewpoints } from './viewpoint-state.ts';

export function createViewer(options: ViewerOptions): Viewer {
  const core = new ViewerCore(options);
  const { context: ctx, navigation } = core;

  const viewCube = core.use(
    new ViewCube(
      ctx.labelLayer,
      (view) => navigation.setStandardView(view),
      options.viewCubeLabels,
    ),
  );
  core.use({ dispose: ctx.onBeforeRender(() => viewCube.update(ctx.camera())) });
  const selection = core.use(createSelection(ctx));
  const visibility = createVisibility(ctx);
  const section = core.use(new SectionTool(ctx));
  const measure = core.use(new MeasureTool(ctx));
  const viewpoints = new Viewpoints({ core, section, selection, visibility });
  const pins = core.use(
    new PinMarkers(ctx, {
      getViewpoint: () => viewpoints.get(),
      setViewpoint: (viewpoint, animate) => viewpoints.set(viewpoint, animate),
      screenshot: (size) => core.screenshot(size),
      fitBox: (box, animate) => navigation.fitTo(box, null, animate),
      isElementVisible: (id) => core.model.elements.state?.isVisible(id) ?? true,
    }),
  );

  return {
    load: (source, loadOptions = {}) => core.load(source, loadOptions, false),
    addModel: (source, loadOptions = {}) => core.load(source, loadOptions, true),
    removeModel(key) {
      const removed = core.removeModel(key);
      if (removed) {
        // The model's elements left the selection and the visibility lists.
        core.emitter.emit('selection-change', { ids: selection.get() });
        core.emitter.emit('visibility-change', {
          hidden: visibility.getHidden(),
          isolated: visibility.getIsolated(),
        });
      }
      return removed;
    },
    models: () => core.models(),
    modelOf: (elementId) => core.modelOf(elementId),
    on: (type, listener) => core.emitter.on(type, listener),
    pick: (x, y) => core.pick(x, y),
    boxOf: (elementIds) => core.boxOf(elementIds),
    project: core.project,
    setTool: (tool: ViewerTool) => core.input.setTool(tool),
    getTool: () => core.input.getTool(),
    getViewpoint: () => viewpoints.get(),
    setViewpoint: (viewpoint, setOptions = {}) =>
      viewpoints.set(viewpoint, setOptions.animate ?? false),
    screenshot: (shotOptions) => core.screenshot(shotOptions),
    setEdges: (on) => core.setEdges(on),
    renderNow: () => core.renderNow(),
    getStats: () => core.loop.stats(),
    getStreamingStats: () => core.model.streamStats(),
    holdFrames: () => core.loop.holdFrames(),
    resize: core.resize,
    dispose: () => core.dispose(),
    navigation: navigationFace(navigation, viewCube, ctx.requestRender),
    selection: { get: selection.get, set: selection.set, clear: selection.clear },
    visibility,
    diff: publicFace<DiffApi>(createVersionDiff(visibility), {
      show: true,
      clear: true,
      colors: true,
    }),
    section: publicFace<SectionApi>(section, {
      addPlane: true,
      updatePlane: true,
      removePlane: true,
      setBox: true,
      clear: true,
      get: true,
    }),
    measure: publicFace<MeasureApi>(measure, {
      start: true,
      cancel: true,
      add: true,
      list: true,
      select: true,
      remove: true,
      clear: true,
      setSnapPixels: true,
      setPointFormat: true,
    }),
    pins: publicFace<PinsApi>(pins, {
      set: true,
      list: true,
      highlight: true,
      setVisible: true,
      setOccluded: true,
      setClusterPixels: true,
      startPlacing: true,
      goTo: true,
      capture: true,
    }),
  };
}
