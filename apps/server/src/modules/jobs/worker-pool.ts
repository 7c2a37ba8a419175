import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { JobFailure } from './errors.ts';

export interface WorkerPoolOptions {
  /** The worker entry (plain JS, e.g. the converter's worker-bootstrap.js). */
  script: URL;
  /** Memory caps of each thread: a hostile file ends its own thread, never the process. */
  resourceLimits: ResourceLimits;
  /** Threads kept booted ahead of demand (0: each task starts its own). */
  warm: number;
  log: FastifyBaseLogger;
}

export interface WorkerTask<R> {
  /** The first message posted to the thread. */
  message: unknown;
  transfer?: ArrayBuffer[];
  /** Every message the thread posts; return a value to finish the task with it. */
  onMessage(message: unknown): R | undefined;
  /** Aborting terminates the thread; the task rejects with the signal's reason. */
  signal?: AbortSignal;
}

function describeExit(code: number, error: Error | null): JobFailure {
  const errorCode = (error as NodeJS.ErrnoException | null)?.code;
  if (errorCode === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new JobFailure(
      'CONVERSION_OUT_OF_MEMORY',
      'the worker ran out of memory (its heap limit) and was stopped',
      false,
    );
  }
  const detail = error ? `: ${error.message}` : '';
  return new JobFailure(
    'WORKER_CRASHED',
    `the worker thread stopped unexpectedly (exit code ${code})${detail}`.slice(0, 1000),
    true,
  );
}

/**
 * worker_threads for untrusted work: every task gets a fresh thread (no state leaks from one file
 * into the next) with `resourceLimits`; `warm` threads may be started ahead of demand so a task
 * does not wait for module loading. A thread that crashes or runs out of memory fails its task
 * and is simply not reused; the pool keeps serving.
 */
export class WorkerPool {
  readonly #options: WorkerPoolOptions;
  readonly #spares: Worker[] = [];
  #closed = false;
  /** Threads started so far (tests: a crash really produced a new thread). */
  started = 0;

  constructor(options: WorkerPoolOptions) {
    this.#options = options;
  }

  /** Boots the warm threads. */
  start(): void {
    this.#refill();
  }

  #spawn(): Worker {
    this.started += 1;
    const worker = new Worker(this.#options.script, {
      execArgv: [],
      resourceLimits: this.#options.resourceLimits,
      stdout: false,
      stderr: false,
    });
    // A spare that dies before it is used is dropped; run() listens for its own errors.
    const onIdleError = (error: Error) => {
      this.#options.log.warn({ err: error }, 'idle worker thread failed');
      const index = this.#spares.indexOf(worker);
      if (index >= 0) this.#spares.splice(index, 1);
    };
    worker.once('error', onIdleError);
    (worker as Worker & { onIdleError?: (error: Error) => void }).onIdleError = onIdleError;
    worker.unref();
    return worker;
  }

  #refill(): void {
    while (!this.#closed && this.#spares.length < this.#options.warm) {
      this.#spares.push(this.#spawn());
    }
  }

  #take(): Worker {
    const worker = this.#spares.shift() ?? this.#spawn();
    const idle = (worker as Worker & { onIdleError?: (error: Error) => void }).onIdleError;
    if (idle) worker.off('error', idle);
    worker.ref();
    this.#refill();
    return worker;
  }

  run<R>(task: WorkerTask<R>): Promise<R> {
    if (this.#closed) return Promise.reject(new Error('the worker pool is closed'));
    if (task.signal?.aborted) return Promise.reject(task.signal.reason);
    const worker = this.#take();
    return new Promise<R>((resolve, reject) => {
      let settled = false;
      let lastError: Error | null = null;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        task.signal?.removeEventListener('abort', onAbort);
        worker.removeAllListeners('message');
        outcome();
        void worker.terminate();
      };
      const onAbort = () => finish(() => reject(task.signal!.reason));
      task.signal?.addEventListener('abort', onAbort, { once: true });
      worker.on('message', (message: unknown) => {
        let result: R | undefined;
        try {
          result = task.onMessage(message);
        } catch (error) {
          finish(() => reject(error));
          return;
        }
        if (result !== undefined) finish(() => resolve(result));
      });
      worker.on('error', (error) => {
        lastError = error;
      });
      worker.once('exit', (code) => finish(() => reject(describeExit(code, lastError))));
      worker.postMessage(task.message, task.transfer ?? []);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const spares = this.#spares.splice(0);
    await Promise.all(spares.map((worker) => worker.terminate()));
  }
}
