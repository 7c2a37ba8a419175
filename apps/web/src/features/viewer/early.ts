/**
 * The viewer feature's start-up door: what the boot (apps/web/src/boot, before React) and the
 * route prefetches (which run before the page's chunks, React and three.js among them) may use of
 * it. Nothing here imports React or the engine (its types only); `index.ts` is the door for
 * everything else.
 */
export type { AdoptedEarlyEngine, EarlyLoad, EarlyView } from './early-view';
export type { LoadedModelInfo, Viewer } from './engine';
export { drawingViewArea, modelViewArea, modelViewInsets } from './model-page-layout';
export {
  fetchViewableFile,
  handViewableFile,
  isVersionOf,
  peekViewableBytes,
  prefetchViewableFiles,
} from './viewable-handoff';
