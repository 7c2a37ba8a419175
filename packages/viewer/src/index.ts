/**
 * @truss/viewer: the 3D engine (three.js, no React, no app knowledge). `createViewer` on a canvas,
 * `load` a viewable (model.glb + metadata), then drive it through the interface declared in api.ts
 * (its values in api-types.ts).
 */
export const VIEWER_ENGINE_VERSION = 1;
export type * from './api-types.ts';
export type * from './api.ts';
export { createViewer } from './viewer.ts';
export { createViewCanvas, glContextAttributes } from './gl-context.ts';
export { ViewpointError, parseViewpoint, VIEWPOINT_VERSION } from './viewpoint.ts';
export {
  distanceComponents,
  formatLength,
  modelFrameOf,
  toModelCoordinates,
  type ModelFrame,
} from './tools/measure/model-units.ts';
