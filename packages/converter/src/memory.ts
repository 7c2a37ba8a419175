/**
 * A full garbage collection on request, at the few points of a big conversion where much has
 * just become garbage (web-ifc's dropped instance, the import's parsed lines): V8 lets the heap
 * grow to a multiple of what is live before it collects, and does not count WASM memory as
 * pressure, so without these the peak RSS held that garbage and what came next together.
 * Node has no call for it: the flag is set at run time and `gc` taken from a fresh context, as
 * Jest does for its leak detection.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null | undefined;

export function collectGarbage(): void {
  if (gc === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as () => void;
    } catch (_error) {
      gc = null; // no collection on request: the conversion still runs, with a higher peak
    }
  }
  gc?.();
}
