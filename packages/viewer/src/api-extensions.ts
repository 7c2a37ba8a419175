/**
 * The parts of the engine's public interface (api.ts) that `Viewer` hands out: navigation,
 * selection, visibility, version comparison, sections, measuring and pins. Re-exported by api.ts;
 * import them from there.
 */
import type {
  Color,
  Measurement,
  MeasurementKind,
  NavigationMode,
  ProjectionMode,
  SectionBoxState,
  SectionPlaneState,
  StandardView,
  Vec3,
  Viewpoint,
} from './api.ts';

/** CSS pixels of the canvas covered by the host page (toolbar, panels), per edge. */
export interface ViewInsets {
  top: number;
  right: number;
  bottom: number;
  left: number;
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

/** The four kinds of a version comparison, as the viewer colours them. */
export type DiffCategory = 'added' | 'removed' | 'changed' | 'unchanged';

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
}

/** A marker drawn at a point of the model (a topic's pin). */
export interface Pin {
  id: string;
  point: Vec3;
  color: Color;
  /** The element the pin is on: the pin hides while that element is hidden. */
  elementId?: number | null;
}

/** What a pin behind the model looks like: not drawn, or drawn faintly. */
export type OccludedPins = 'hide' | 'dim';

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
