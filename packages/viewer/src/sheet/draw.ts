/**
 * The sheet drawing routine is @truss/viewable's (one routine for the engine and the server's
 * previews); the engine and its tests import it from here.
 */
export {
  drawVectorSheet,
  elementAtPoint,
  highlightOf,
  inkOnPaper,
  visiblePathIndices,
  type DrawVectorOptions,
  type SheetDrawContext,
} from '@truss/viewable';
