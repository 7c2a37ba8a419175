/**
 * The public interface of the Truss viewer engine: the `Viewer` that `createViewer` returns and the
 * parts it hands out (navigation, selection, visibility, version comparison, sections, measuring,
 * pins). The values they take and return are in api-types.ts. Everything the web app (or any host
 * page) may touch is declared in these two files; the implementation lives in `viewer.ts` (the
 * composition root), `core/`, `navigation/`, `elements/` and `tools/`.
 *
 * `modelOf(id)` turns a global element id (see api-types.ts) back into (model, row). The engine
 * knows nothing about projects, users, React or HTTP beyond fetching the URLs it is given.
 */
import type {
  Color,
  DiffCategory,
  LoadedModelInfo,
  Measurement,
  MeasurementKind,
  ModelLoadOptions,
  NavigationMode,
  OccludedPins,
  Pin,
  PickResult,
  ProjectionMode,
  RenderStats,
  StreamingStats,
  SectionBoxState,
  SectionPlaneState,
  StandardView,
  Vec3,
  ViewableSource,
  ViewerEvents,
  ViewerTool,
  ViewInsets,
  Viewpoint,
} from './api-types.ts';

export interface Viewer {
  /** Replaces every loaded model with this one (offset 0). */
  load(source: ViewableSource, options?: ModelLoadOptions): Promise<LoadedModelInfo>;
  /**
   * Adds a model beside those loaded (their ids and state stay). The camera fits the scene only
   * when it is the first model; `loaded` and `first-frame` are emitted as for `load`.
   */
  addModel(source: ViewableSource, options?: ModelLoadOptions): Promise<LoadedModelInfo>;
  /** Removes one model (its elements leave selection, visibility and colours); false if unknown. */
  removeModel(key: string): boolean;
  /** The loaded models, in load order. */
  models(): LoadedModelInfo[];
  /** The model holding a global element id and the id's metadata row in it. */
  modelOf(elementId: number): { model: LoadedModelInfo; row: number } | null;
  on<K extends keyof ViewerEvents>(type: K, listener: (event: ViewerEvents[K]) => void): () => void;
  /** Pick the element under a canvas point (CSS pixels from the canvas's top-left). */
  pick(x: number, y: number): PickResult | null;
  /** World bounding box of these elements [min, max]; null when none of them has geometry. */
  boxOf(elementIds: number[]): [Vec3, Vec3] | null;
  /** World point -> canvas CSS pixels (null when behind the camera). */
  project(point: Vec3): { x: number; y: number } | null;
  setTool(tool: ViewerTool): void;
  getTool(): ViewerTool;
  getViewpoint(): Viewpoint;
  setViewpoint(viewpoint: Viewpoint, options?: { animate?: boolean }): void;
  /**
   * PNG of the current view: the model only (no gizmos or measurement lines) unless `overlays`
   * is true. HTML labels are never part of it. At the canvas size and the full pixel ratio (even
   * while the frame-rate guard draws at a lower one), or at `width` x `height` pixels.
   */
  screenshot(options?: { width?: number; height?: number; overlays?: boolean }): Promise<Blob>;
  setEdges(on: boolean): void;
  /** Render now (tests) and return stats. */
  renderNow(): RenderStats;
  getStats(): RenderStats;
  /**
   * A chunked model's streaming (chunks in the scene, geometry bytes kept against the budget,
   * bytes fetched, chunks dropped); null when no loaded model is chunked.
   */
  getStreamingStats(): StreamingStats | null;
  /**
   * Draws no new frames (loading, input and state changes go on) until the returned function is
   * called; then one frame shows everything. For a page that needs the main thread and the GPU
   * for a moment more than a refined picture (the app starting beside an early first frame).
   * The first frame of a load is drawn regardless.
   */
  holdFrames(): () => void;
  resize(): void;
  dispose(): void;
  readonly navigation: NavigationApi;
  readonly selection: SelectionApi;
  readonly visibility: VisibilityApi;
  readonly diff: DiffApi;
  readonly section: SectionApi;
  readonly measure: MeasureApi;
  readonly pins: PinsApi;
}

export interface NavigationApi {
  /**
   * What the host page covers of the canvas: fit all, fit selection and the standard views frame
   * the rest. Default none.
   */
  setViewInsets(insets: ViewInsets): void;
  getViewInsets(): ViewInsets;
  fitAll(animate?: boolean): void;
  fitElements(ids: number[], animate?: boolean): void;
  setStandardView(view: StandardView, animate?: boolean): void;
  setProjection(mode: ProjectionMode): void;
  getProjection(): ProjectionMode;
  setMode(mode: NavigationMode): void;
  getMode(): NavigationMode;
  /** Show/hide the view cube overlay. */
  setViewCubeVisible(visible: boolean): void;
  /** The view cube's face labels, e.g. when the host's language changes. */
  setViewCubeLabels(labels: Partial<Record<StandardView, string>>): void;
}

export interface SelectionApi {
  get(): number[];
  set(ids: number[]): void;
  clear(): void;
}

export interface VisibilityApi {
  hide(ids: number[]): void;
  show(ids: number[]): void;
  isolate(ids: number[]): void;
  showAll(): void;
  isVisible(id: number): boolean;
  getHidden(): number[];
  getIsolated(): number[] | null;
  setXray(on: boolean): void;
  getXray(): boolean;
  /**
   * Draws these elements (and no others) as ghosts whatever the x-ray mode: faint, in their
   * colour override when they have one (a removed element in a version comparison), else grey.
   */
  setGhosted(ids: number[]): void;
  getGhosted(): number[];
  /** Colour overrides; `null` clears the element's override. */
  setColors(colors: Map<number, Color | null>): void;
  clearColors(): void;
  /**
   * Colour every element by a key (type, or any property value): returns the legend, most
   * frequent first. `fixed` gives some keys their own colour (e.g. grey for "no value"); they
   * are listed last.
   */
  colorBy(
    keyOf: (elementId: number) => string | null,
    options?: { fixed?: Record<string, Color> },
  ): Array<{ key: string; color: Color; count: number }>;
}

export interface DiffApi {
  /**
   * Colours a version comparison: added green, changed amber, unchanged grey, removed red and
   * ghosted (elements of the older version, loaded beside the newer one). Element ids of every
   * category; elements in none keep their look. Replaces the previous comparison's colouring.
   */
  show(elements: Partial<Record<DiffCategory, number[]>>): void;
  /** Removes the comparison's colours and ghosts. */
  clear(): void;
  /** The colour of each category (for legends). */
  readonly colors: Readonly<Record<DiffCategory, Color>>;
}

export interface SectionApi {
  /** Add a plane through `point` with `normal` (world); returns its id. */
  addPlane(point: Vec3, normal: Vec3): string;
  updatePlane(id: string, plane: Partial<Omit<SectionPlaneState, 'id'>>): void;
  removePlane(id: string): void;
  /** Section box with these corners (null removes it); gizmo handles drag its faces. */
  setBox(box: { min: Vec3; max: Vec3 } | null): void;
  clear(): void;
  get(): { planes: SectionPlaneState[]; box: SectionBoxState | null };
}

export interface MeasureApi {
  start(kind: MeasurementKind): void;
  /** Esc: drop the measurement in progress. */
  cancel(): void;
  /** Add a finished measurement programmatically (points in world coordinates). */
  add(kind: MeasurementKind, points: Vec3[]): Measurement;
  list(): Measurement[];
  select(id: string | null): void;
  remove(id: string): void;
  clear(): void;
  /** Snap tolerance in CSS pixels (default 12). */
  setSnapPixels(px: number): void;
  /**
   * How a point measurement's label reads its world point (the host knows the model's frame and
   * unit); null: the world coordinates in metres. Relabels the points already taken.
   */
  setPointFormat(format: ((world: Vec3) => string) | null): void;
}

export interface PinsApi {
  /** Replaces every pin. */
  set(pins: Pin[]): void;
  list(): Pin[];
  /** Draws this pin larger with a ring (the open topic); null for none. */
  highlight(id: string | null): void;
  setVisible(visible: boolean): void;
  /** Default 'hide'. */
  setOccluded(mode: OccludedPins): void;
  /** Pins closer than this (CSS px) on screen merge into one marker with a count; 0: never. */
  setClusterPixels(px: number): void;
  /** Starts the `pin-place` tool: the next click on the model emits `pin-place`. */
  startPlacing(): void;
  /**
   * Applies a viewpoint, the camera animated unless `animate` is false or the user asked the
   * system for reduced motion (then it jumps).
   */
  goTo(viewpoint: Viewpoint, options?: { animate?: boolean }): void;
  /**
   * The current view: viewpoint (camera, sections, visibility, selection, colours) and a PNG of
   * the model (no pins or gizmos) with its size in pixels.
   */
  capture(options?: {
    maxWidth?: number;
  }): Promise<{ viewpoint: Viewpoint; snapshot: Blob; width: number; height: number }>;
}
