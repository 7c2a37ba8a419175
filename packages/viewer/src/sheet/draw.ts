/**
 * The sheet drawing routine is @truss/viewable's (one routine for the engine and the server's
 * previews); the engine and its tests import it from here.
 */
export {
  drawVectorSheet,
  inkOnPaper,
  visiblePathIndices,
  type DrawVectorOptions,
  type SheetDrawContext,
} from '@truss/viewable';
export { clickedElement, drawHighlighted } from './elements.ts';
