/**
 * The one place the web app imports the engine from, so the rest of the feature depends on these
 * names only.
 */
export { createViewer } from '@truss/viewer';
export type {
  Color,
  LoadedModelInfo,
  LoadProgress,
  Measurement,
  MeasurementKind,
  ProjectionMode,
  SectionBoxState,
  SectionPlaneState,
  StandardView,
  Vec3,
  Viewer,
  ViewerTool,
  ViewInsets,
  Viewpoint,
} from '@truss/viewer';
