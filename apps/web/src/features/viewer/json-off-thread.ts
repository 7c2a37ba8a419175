/**
 * JSON.parse of a big viewable file (the 200k-element tower's metadata is 39 MB: a 0.3-1.6 s
 * task) in a worker of its own, so the view stays orbitable while it is parsed. Loaded only for
 * such a file (viewable-handoff.ts decides): the boot every page runs does not carry it.
 */
import { unpackMetadata, type PackedMetadata, type PlainJson } from '@truss/viewable';
import { parseJsonBytes } from './json-bytes';

type WorkerAnswer =
  { ok: true; packed: PackedMetadata | PlainJson } | { ok: false; message: string };

/** Workers that failed before a parse was given to them (their script did not load). */
const failed = new WeakSet<Worker>();

/** A worker for one parse: started ahead (viewable-handoff.ts), it loads while the file downloads. */
export function startJsonWorker(): Worker {
  const worker = new Worker(new URL('./metadata-parse.worker.ts', import.meta.url), {
    type: 'module',
    name: 'truss-json',
  });
  // Its error may come before anyone waits for it: remembered, or the parse would wait forever.
  worker.addEventListener('error', () => failed.add(worker));
  return worker;
}

/**
 * The JSON in `bytes`, parsed in a worker (`started` ahead, or one started now; here when no
 * worker can start).
 */
export function parseJsonInWorker(bytes: ArrayBuffer, started?: Worker | null): Promise<unknown> {
  if (started && failed.has(started)) started = null;
  if (!started && typeof Worker !== 'function')
    return Promise.resolve().then(() => parseJsonBytes(bytes));
  const worker = started ?? startJsonWorker();
  return new Promise<unknown>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      worker.terminate();
      const answer = event.data;
      // On the performance timeline: the tests and the benches see where the parse went.
      performance.mark('truss:json-worker');
      if (answer.ok) resolve(unpackMetadata(answer.packed));
      else reject(new SyntaxError(answer.message));
    };
    // The worker could not start or failed (a policy, an odd runtime): parsed here after all.
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      try {
        resolve(parseJsonBytes(bytes));
      } catch (error) {
        reject(error);
      }
    };
    // A copy: the caller's bytes stay readable (the same file read again is answered from them).
    worker.postMessage(bytes.slice(0));
  });
}
