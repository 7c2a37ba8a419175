/**
 * The viewer feature's start-up door: what the start-up path and the route prefetches (which run
 * before the page's chunks, React and three.js among them) may use of it. Nothing here imports
 * React or the engine; `index.ts` is the door for everything else.
 */
export { claimEarlyView } from './boot/early-viewer';
export type { EarlyView } from './boot/early-viewer';
export { prefetchViewableFiles } from './viewable-handoff';
