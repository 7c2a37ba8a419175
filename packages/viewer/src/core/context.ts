/**
 * What the core hands to every built-in part (the tools in `tools/`, the element operations in
 * `elements/`): scene, camera, render requests, picking, tool registration, events and the loaded
 * models' elements. Each part is built against this contract only, never against another part,
 * so each can be added, tested or removed on its own. The core owns the renderer, cameras, the
 * loaded models and the render loop; the composition root (viewer.ts) builds the parts.
 */
import type * as THREE from 'three';
import type { PickResult, Vec3, ViewerEvents, ViewerTool } from '../api-types.ts';
import type { ElementState } from './element-state.ts';

/** A triangle hit with what snapping needs (world coordinates). */
export interface RayHit extends PickResult {
  /** The three corners of the hit triangle, world space. */
  triangle: [Vec3, Vec3, Vec3];
  /** Distance from the ray origin. */
  distance: number;
}

export interface PointerInfo {
  /** CSS pixels from the canvas's top-left. */
  x: number;
  y: number;
  button: number;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  /** The original DOM event, for preventDefault. */
  event: PointerEvent;
}

/**
 * Pointer handlers an extension registers; the core calls the active tool's handlers first. A
 * handler returning true consumes the event (navigation then ignores it).
 */
export interface ToolHandlers {
  onPointerDown?(p: PointerInfo): boolean | void;
  onPointerMove?(p: PointerInfo): boolean | void;
  onPointerUp?(p: PointerInfo): boolean | void;
  /** Click = down+up within a few pixels and ~300 ms. */
  onClick?(p: PointerInfo): boolean | void;
  onKeyDown?(event: KeyboardEvent): boolean | void;
  /** The tool was switched away from (clean up previews). */
  onDeactivate?(): void;
  /** A click this tool leaves (onClick false) selects, as in the select tool. */
  clicksSelect?: boolean;
}

/** The loaded models' elements, as the parts that select, hide or colour them see them. */
export interface ModelElements {
  /** Selection, visibility and colours of every element; null before a model is loaded. */
  state(): ElementState | null;
  /** World boxes of every element id, six floats each (min xyz, max xyz). */
  boxes(): Float32Array;
  /** Ids of the elements that draw something. */
  drawnIds(): Iterable<number>;
  /** Turns the x-ray pass on or off (ghost meshes and the shared uniform). */
  setXray(on: boolean): void;
  /** Replaces the elements ghosted one by one. */
  setGhosted(ids: number[]): void;
}

export interface ViewerContext {
  readonly canvas: HTMLCanvasElement;
  readonly renderer: THREE.WebGLRenderer;
  /** The model scene (model meshes live under `modelRoot`). */
  readonly scene: THREE.Scene;
  readonly modelRoot: THREE.Group;
  /**
   * Drawn after the model, depth-tested against it (gizmos, measurement lines and labels that
   * should be hidden behind geometry use this; `overlayScene` is drawn on top without depth test).
   */
  readonly helperScene: THREE.Scene;
  readonly overlayScene: THREE.Scene;
  /** The active camera (perspective or orthographic). */
  camera(): THREE.PerspectiveCamera | THREE.OrthographicCamera;
  /** World bounding box of the loaded model (empty box before load). */
  modelBox(): THREE.Box3;
  /** Ask for a frame (the loop renders only on demand). */
  requestRender(): void;
  /** Closest visible (not hidden, not clipped) surface under a canvas point. */
  raycast(x: number, y: number): RayHit | null;
  /** Canvas CSS pixels -> world ray. */
  ray(x: number, y: number): THREE.Ray;
  /** World -> canvas CSS pixels (null behind the camera). */
  project(point: Vec3): { x: number; y: number } | null;
  /**
   * The clipping planes every model material uses. Extensions own their entry by key; the core
   * concatenates all entries (a section box contributes six planes).
   */
  setClipping(key: string, planes: THREE.Plane[]): void;
  /**
   * Register the pointer/key handlers for a tool; active only while `getTool()` is that tool.
   * Returns an unregister function (removes the handlers if they are still the tool's).
   */
  registerTool(tool: ViewerTool, handlers: ToolHandlers): () => void;
  getTool(): ViewerTool;
  /**
   * Sees every click before the active tool (in any tool); returning true consumes it. For
   * markers drawn above the model (topic pins). Returns an unsubscribe.
   */
  captureClicks(handler: (p: PointerInfo) => boolean): () => void;
  setTool(tool: ViewerTool): void;
  /** Called after the active tool changed (a frame is requested too). Returns an unsubscribe. */
  onToolChange(callback: (tool: ViewerTool) => void): () => void;
  /** Disable camera navigation while dragging a gizmo. */
  setNavigationEnabled(enabled: boolean): void;
  emit<K extends keyof ViewerEvents>(type: K, event: ViewerEvents[K]): void;
  /** Called every frame before rendering (labels follow the camera). Returns an unsubscribe. */
  onBeforeRender(callback: () => void): () => void;
  /** Called after a model finished loading and whenever it is replaced. */
  onModelLoaded(callback: () => void): () => void;
  /** The DOM layer above the canvas for HTML labels (absolute-positioned, pointer-events none). */
  readonly labelLayer: HTMLElement;
  readonly elements: ModelElements;
}
