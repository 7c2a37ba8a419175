/** Markup (red-lines) for the 3D view and sheets: the editor's state and the shared drawing. */
export { MarkupEditor, MARKUP_TOOLS, SHAPES_MAX, STROKE_POINTS_MAX } from './editor.ts';
export type { MarkupStyle, MarkupTool } from './editor.ts';
export {
  cloudOutline,
  drawMarkup,
  fromDevice,
  sheetMapping,
  smoothStroke,
  strokeWidths,
  viewFrame,
  viewMapping,
} from '@truss/viewable';
export type { MarkupMapping, MarkupPoint, MarkupShapeLike } from '@truss/viewable';
