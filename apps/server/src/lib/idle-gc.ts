import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Quiet time after the last request for a collection before it runs: over V8's 5 s window of
 * allocation rate, so the collection sees a quiet heap and shrinks the young generation too
 * (grown to 32 MiB by start-up, 1 MiB after it).
 */
const DEFAULT_DELAY_MS = 6_000;

type Collect = () => void;

/**
 * V8's `gc` without `--expose-gc` on the command line (the flag set at run time exposes it in
 * contexts created afterwards, so one new context hands it over), run as a compacting
 * collection: a plain forced GC frees objects but keeps the partly used pages it found (an idle
 * server's heap stayed at 90 MiB with 50 MiB used); with `--compact-on-every-full-gc` for that
 * one collection the live objects move together and the emptied pages go back to the system.
 */
let exposed: Collect | null = null;
function exposedGc(): Collect {
  if (!exposed) {
    const global = globalThis as { gc?: Collect };
    if (typeof global.gc === 'function') exposed = global.gc;
    else {
      v8.setFlagsFromString('--expose-gc');
      exposed = vm.runInNewContext('gc') as Collect;
    }
  }
  return exposed;
}

function compactingGc(): void {
  const gc = exposedGc();
  v8.setFlagsFromString('--compact-on-every-full-gc');
  try {
    gc();
  } finally {
    v8.setFlagsFromString('--no-compact-on-every-full-gc');
  }
}

/**
 * One full garbage collection of the main thread's heap a little after a burst of work (start-up,
 * a conversion and its element index), requested with `request()` and run once the requests
 * stop for `delayMs`. An idle server runs no major GC of its own: its heap keeps the slack that
 * start-up or the last conversion grew it to (the heap at 89 MiB with 50 MiB live after start-up
 * on PGlite; 52 MiB and about 35 MiB less RSS after the collection, `bench:idle`). One
 * collection of the idle server's heap takes about 50 ms.
 */
export class IdleCollector {
  readonly #delayMs: number;
  readonly #collect: Collect;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;
  /** Collections run so far (tests). */
  runs = 0;

  readonly #log: Pick<FastifyBaseLogger, 'debug'> | null;

  constructor(
    options: { delayMs?: number; collect?: Collect; log?: Pick<FastifyBaseLogger, 'debug'> } = {},
  ) {
    this.#delayMs = options.delayMs ?? DEFAULT_DELAY_MS;
    this.#collect = options.collect ?? compactingGc;
    this.#log = options.log ?? null;
  }

  request(): void {
    if (this.#closed) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.runs += 1;
      const before = process.memoryUsage();
      const started = performance.now();
      this.#collect();
      const after = process.memoryUsage();
      const mib = (bytes: number) => Math.round(bytes / 1024 ** 2);
      this.#log?.debug(
        {
          ms: Math.round(performance.now() - started),
          heapMiB: [mib(before.heapTotal), mib(after.heapTotal)],
          rssMiB: [mib(before.rss), mib(after.rss)],
        },
        'idle GC',
      );
    }, this.#delayMs);
    // Never keeps the process alive on its own.
    this.#timer.unref();
  }

  close(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
