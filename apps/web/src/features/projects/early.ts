/**
 * The projects feature's start-up door: what the start-up path (before React) may use of it.
 * Nothing here imports React; `index.ts` is the door for everything else.
 */
export { pickCurrentProject } from './pick';
