/**
 * What a bench started (the Truss server, Chromium, local servers, converters in child
 * processes), stopped however the bench ends: after its last figure, when a step throws (a
 * missing sample file, a contender's converter failing) and when it is interrupted (Ctrl-C,
 * SIGTERM). Before this, a failing bench left its server (a Node process holding a port and a
 * PGlite data folder) and its Chromium running.
 */

import type { ChildProcess } from 'node:child_process';

type Step = { label: string; stop: () => Promise<void> | void };

/** Exit codes after a signal, as a shell reports them (128 + the signal's number). */
const SIGNAL_EXIT: Record<'SIGINT' | 'SIGTERM' | 'SIGHUP', number> = {
  SIGHUP: 129,
  SIGINT: 130,
  SIGTERM: 143,
};

export class Cleanup {
  readonly #steps: Step[] = [];
  /** Starts under way (start): a signal may come while the server is starting. */
  readonly #starting = new Set<Promise<unknown>>();
  /** Stops of what was started once the cleanup had begun. */
  readonly #late: Promise<void>[] = [];
  readonly #aborter = new AbortController();
  #running: Promise<void> | null = null;

  /**
   * Aborted when the cleanup starts: for child processes a bench is waiting on
   * (`execFile(..., { signal })` kills its child then).
   */
  get signal(): AbortSignal {
    return this.#aborter.signal;
  }

  /** `resource`, stopped by `stop` at the end (the last one added is stopped first). */
  add<T>(label: string, resource: T, stop: (resource: T) => Promise<void> | void): T {
    if (this.#running) {
      // Started while the bench was being stopped (a start the signal came during): stopped
      // now, and the cleanup waits for that too.
      this.#late.push(
        Promise.resolve()
          .then(() => stop(resource))
          .catch(() => undefined),
      );
      throw new Error(`${label} started after the bench began stopping`);
    }
    this.#steps.push({ label, stop: () => stop(resource) });
    return resource;
  }

  /**
   * What `starting` resolves to, added as add() does. A cleanup that begins meanwhile (a
   * signal while the server starts) waits for it and stops it: a server whose start was
   * interrupted is a child process too.
   */
  async start<T>(
    label: string,
    starting: Promise<T>,
    stop: (resource: T) => Promise<void> | void,
  ): Promise<T> {
    const added = starting.then((resource) => this.add(label, resource, stop));
    this.#starting.add(added);
    try {
      return await added;
    } finally {
      this.#starting.delete(added);
    }
  }

  /**
   * Stops everything added, last first, each once; a step that fails is reported and the others
   * still run. Calling it again waits for the same run.
   */
  run(log: (line: string) => void = (line) => console.error(line)): Promise<void> {
    this.#running ??= (async () => {
      this.#aborter.abort(new Error('the bench is stopping'));
      for (const step of this.#steps.splice(0).reverse()) {
        try {
          await step.stop();
        } catch (error) {
          log(`cleanup: stopping ${step.label} failed: ${String(error)}`);
        }
      }
      await Promise.allSettled(this.#starting);
      await Promise.all(this.#late);
    })();
    return this.#running;
  }
}

/**
 * Runs `bench` with a Cleanup that is run when it returns or throws, or when the process gets
 * SIGINT, SIGTERM or SIGHUP (then it exits with 128 + the signal's number once stopped).
 */
export async function withCleanup<T>(bench: (cleanup: Cleanup) => Promise<T>): Promise<T> {
  const cleanup = new Cleanup();
  const handlers = (Object.keys(SIGNAL_EXIT) as (keyof typeof SIGNAL_EXIT)[]).map((signal) => {
    const handler = () => {
      console.error(`${signal}: stopping what the bench started`);
      void cleanup.run().finally(() => process.exit(SIGNAL_EXIT[signal]));
    };
    process.once(signal, handler);
    return () => process.off(signal, handler);
  });
  try {
    return await bench(cleanup);
  } finally {
    await cleanup.run();
    for (const off of handlers) off();
  }
}

/** Stops a child process: SIGTERM, then SIGKILL if it is still running after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
