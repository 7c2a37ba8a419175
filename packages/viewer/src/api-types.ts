/**
 * The values of the Truss viewer engine's public interface: what goes in and comes out of the
 * methods declared in api.ts (vectors, options, states, viewpoints, events). Plain data: this file
 * imports no other of the engine's files but the preview's decoded-streams type.
 *
 * Element ids: one global id space for every model in the scene. A model's ids are its metadata
 * rows (`_ELEMENT_ID` in the .glb) plus the model's `offset` (LoadedModelInfo): the model that
 * `load` opens (or the first one loaded) has offset 0, so for a single model an element id is
 * simply its metadata row. `addModel` puts another model beside those loaded (federation,
 * version compare); its offset is the end of the ranges before it, and every API (selection,
 * visibility, colours, pick, viewpoints, pins) takes and returns global ids.
 */
import type { ModelMetadata } from '@truss/viewable';
import type { DecodedStreams } from './preview/glb-streams.ts';

export type Vec3 = [number, number, number];
/** 0xRRGGBB. */
export type Color = number;

export interface ViewerOptions {
  canvas: HTMLCanvasElement;
  /**
   * Background colour (default 0xf3f4f6, the app's light grey). Nothing is drawn before the first
   * model's first frame: until then the canvas is transparent and its host's background shows.
   */
  background?: Color;
  /**
   * Keep the drawing buffer between frames (default true): a model of more triangles than one
   * frame should draw is drawn over several (sliced-frame.ts); false draws it whole every frame.
   */
  preserveDrawingBuffer?: boolean;
  /**
   * Multisample anti-aliasing (default true), for a context the engine makes: a canvas that has
   * its context already (createViewCanvas: none on a software rasterizer) keeps it.
   */
  antialias?: boolean;
  /** Device pixel ratio cap (default min(devicePixelRatio, 2)). */
  maxPixelRatio?: number;
  /** View cube face labels (default English TOP, FRONT, ...), for the host's language. */
  viewCubeLabels?: Partial<Record<StandardView, string>>;
}

export interface ViewableSource {
  /** URL of model.glb. */
  glb: string;
  /** URL of the metadata (JSON, version 2); optional for plain scenes. */
  metadata?: string;
  /** Extra request init (credentials, headers) for both fetches. */
  requestInit?: RequestInit;
  /**
   * How both files are requested (default: the global `fetch`): an app can answer with a request
   * it started before the viewer existed.
   */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /**
   * The .glb's streams, decoded by a preview of the same file (`@truss/viewer/preview`), awaited
   * before decoding: the load decodes them no second time and, when the preview is on screen
   * (`drawn`), draws its first frame with every batch instead of the largest first.
   */
  decodedStreams?: Promise<DecodedStreams | null>;
}

export interface LoadProgress {
  /** 'download' | 'decode' | 'build' | 'done' */
  stage: 'download' | 'decode' | 'build' | 'done';
  /** 0..1, or null when unknown (no Content-Length). */
  fraction: number | null;
  loadedBytes: number;
  totalBytes: number | null;
}

export interface LoadedModelInfo {
  /** The model's key in this viewer (`'default'` unless given to load/addModel). */
  key: string;
  /** Global id of the model's metadata row 0 (0 for the first model). */
  offset: number;
  /** Ids the model reserves from `offset`: max(metadata rows, largest geometry id + 1). */
  idCount: number;
  /** Translation applied to the model: world = the file's coordinates + translation. */
  translation: Vec3;
  elementCount: number;
  triangleCount: number;
  materialCount: number;
  /** World-space bounding box of the whole model [min, max]. */
  bbox: [Vec3, Vec3];
  /**
   * The metadata when a metadata URL was given and it is of the version this engine reads
   * (`readMetadata` of @truss/viewable), otherwise null.
   */
  metadata: ModelMetadata | null;
}

export interface RenderStats {
  drawCalls: number;
  triangles: number;
  /** Average frame time over the last second, ms. */
  frameMs: number;
  /** WebGL UNMASKED_RENDERER string when available. */
  renderer: string;
  /**
   * True while the frame-rate guard draws simplified frames (lower resolution, no edges or small
   * elements) during a slow camera move; pixel tests wait until it is false again.
   */
  degraded: boolean;
}

/** Streaming of chunked models (what the engine's chunk stream reports). */
export interface StreamingStats {
  chunks: number;
  /** Chunks in the scene (the coarse one included). */
  resident: number;
  /**
   * Bytes of the resident chunks' geometry buffers, the coarse chunk's included: about what they
   * hold on the GPU (the JS heap keeps the same arrays).
   */
  residentBytes: number;
  budgetBytes: number;
  fetchedBytes: number;
  /** Chunks dropped so far to stay under the budget (fetched again when they matter). */
  dropped: number;
}

export interface PickResult {
  elementId: number;
  point: Vec3;
  normal: Vec3 | null;
}

export type StandardView = 'top' | 'bottom' | 'front' | 'back' | 'left' | 'right' | 'iso';
export type ProjectionMode = 'perspective' | 'orthographic';
export type NavigationMode = 'orbit' | 'walk';

export interface SectionPlaneState {
  id: string;
  /** Plane: normal · p + constant = 0; the side where normal · p + constant < 0 is cut away. */
  normal: Vec3;
  constant: number;
  enabled: boolean;
}

export interface SectionBoxState {
  min: Vec3;
  max: Vec3;
  enabled: boolean;
}

export type MeasurementKind = 'point' | 'distance' | 'angle' | 'area';

export interface Measurement {
  id: string;
  kind: MeasurementKind;
  /** Picked points in world coordinates (1 for point, 2 for distance, 3 for angle, >= 3 for area). */
  points: Vec3[];
  /** Metres, degrees or square metres; 0 for a point (its coordinates are the measurement). */
  value: number;
}

/** Full, serialisable viewer state. Versioned: `setViewpoint` accepts older versions it knows. */
export interface Viewpoint {
  version: 1;
  camera: {
    projection: ProjectionMode;
    position: Vec3;
    target: Vec3;
    up: Vec3;
    /** Perspective: vertical field of view in degrees. */
    fov?: number;
    /** Orthographic: visible height in metres. */
    height?: number;
    /**
     * Width / height of the view it was taken at (a topic's snapshot, its markup's frame). When
     * set and the canvas is narrower, the field of view (orthographic: the height) grows so the
     * whole of that view shows, centred; a wider canvas shows it at its height. Not read back.
     */
    aspect?: number;
  };
  sections: { planes: SectionPlaneState[]; box: SectionBoxState | null };
  /** Hidden element ids, or when `isolated` is set, only those are visible. */
  visibility: { hidden: number[]; isolated: number[] | null };
  selection: number[];
  /** Per-element colour overrides, element id -> 0xRRGGBB. */
  colors: Record<string, Color>;
  xray: boolean;
  edges: boolean;
}

export interface ViewerEvents {
  progress: LoadProgress;
  /** The first frame with geometry was drawn (before the whole model arrived). */
  'first-frame': { ms: number };
  loaded: LoadedModelInfo & { ms: number };
  'selection-change': { ids: number[] };
  'visibility-change': { hidden: number[]; isolated: number[] | null };
  'camera-change': Record<string, never>;
  'section-change': { planes: SectionPlaneState[]; box: SectionBoxState | null };
  'measure-change': {
    measurements: Measurement[];
    selected: string | null;
    active: MeasurementKind | null;
  };
  'tool-change': { tool: ViewerTool };
  /** A pin (or a cluster of pins: several ids) was clicked. A cluster also zooms to its pins. */
  'pin-click': { ids: string[] };
  /** The `pin-place` tool picked a point on the model (the tool then returns to `select`). */
  'pin-place': PickResult;
  error: { error: Error };
}

export type ViewerTool =
  | 'select'
  | 'box-select'
  | 'section-plane'
  /** The section box's handles shown and draggable (no plane added by a click). */
  | 'section-box'
  | 'measure-point'
  | 'measure-distance'
  | 'measure-angle'
  | 'measure-area'
  | 'pin-place';

export interface ModelLoadOptions {
  signal?: AbortSignal;
  /** The model's key, unique in the viewer (default `'default'` for load, `'model-N'` for addModel). */
  key?: string;
  /**
   * Moves the model: world = the file's coordinates + translation. Default: aligned by the
   * stored coordinates. The converter subtracts an `origin` from far-off coordinates (metadata
   * `origin`); the first model loaded sets the reference (its translation is 0 unless given), and
   * every model added after it gets its origin minus the reference origin, so models from one
   * coordinate system (an IFC project's placements, site included) line up however each was
   * recentred. Without metadata a model's origin counts as [0, 0, 0].
   */
  translation?: Vec3;
}

/** CSS pixels of the canvas covered by the host page (toolbar, panels), per edge. */
export interface ViewInsets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The four kinds of a version comparison, as the viewer colours them. */
export type DiffCategory = 'added' | 'removed' | 'changed' | 'unchanged';

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
