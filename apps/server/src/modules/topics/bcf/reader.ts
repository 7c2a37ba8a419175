import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { workerEntry } from '../../../lib/worker-entry.ts';
import type { BcfArchive, BcfProblem, BcfReadError, ReadWorkerReply } from '@truss/bcf';
import {
  BcfFileInvalidError,
  BcfFileTooLargeError,
  BcfFileUnsafeError,
  BcfSnapshotsTooLargeError,
  BcfTooManyCommentsError,
  BcfTooManyTopicsError,
  BcfTooManyViewpointsError,
  BcfZipBombError,
} from '../errors.ts';

/** Threads per process: files read at once; more wait their turn. */
export const BCF_READ_THREADS = 2;
/** Heap cap of a reading thread: a hostile file ends its own thread, never the server. */
const READ_HEAP_MB = 512;
/** A thread idle this long is stopped (a server that imports rarely holds no thread). */
const IDLE_MS = 60_000;

type Read = { archive: BcfArchive; problems: BcfProblem[] };

interface Job {
  bytes: Uint8Array;
  resolve(value: Read): void;
  reject(error: unknown): void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
  idle: NodeJS.Timeout | null;
}

function settle(job: Job, reply: ReadWorkerReply): void {
  if (reply.type === 'result') job.resolve({ archive: reply.archive, problems: reply.problems });
  else if (reply.type === 'failed') job.reject(new Error(`BCF reader failed: ${reply.message}`));
  else job.reject(refusalError(reply.kind, reply.message));
}

/** The API's error for each way the reader refuses a file. */
function refusalError(kind: BcfReadError['kind'], message: string): Error {
  switch (kind) {
    case 'too-large':
      return new BcfFileTooLargeError(message);
    case 'bomb':
      return new BcfZipBombError(message);
    case 'too-many-topics':
      return new BcfTooManyTopicsError(message);
    case 'too-many-comments':
      return new BcfTooManyCommentsError(message);
    case 'too-many-viewpoints':
      return new BcfTooManyViewpointsError(message);
    case 'snapshots-too-large':
      return new BcfSnapshotsTooLargeError(message);
    case 'unsafe':
      return new BcfFileUnsafeError(message);
    case 'invalid':
      return new BcfFileInvalidError(message);
  }
}

/**
 * Reads BCF files off the event loop: unzipping and parsing a large archive takes seconds of CPU,
 * which on the main thread would stall every other request. Up to BCF_READ_THREADS worker threads,
 * started on first use and kept while busy (booting one costs about a second), each with a heap
 * cap; a thread that dies fails only its own file (413 when it ran out of memory) and is replaced
 * on demand. The reader's verdicts come back as the API's errors (400/413, never a 5xx).
 */
export class BcfReader {
  readonly #log: FastifyBaseLogger;
  readonly #threads = new Set<Thread>();
  readonly #queue: Job[] = [];
  #closed = false;

  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }

  read(bytes: Uint8Array): Promise<Read> {
    if (this.#closed) return Promise.reject(new Error('the BCF reader is closed'));
    return new Promise<Read>((resolve, reject) => {
      this.#queue.push({ bytes, resolve, reject });
      this.#dispatch();
    });
  }

  #spawn(): Thread {
    const entry = workerEntry('bcf-read-worker', () =>
      pathToFileURL(createRequire(import.meta.url).resolve('@truss/bcf/read-worker')),
    );
    const worker = new Worker(entry, {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: READ_HEAP_MB },
      stdout: false,
      stderr: false,
    });
    const thread: Thread = { worker, job: null, idle: null };
    let lastError: Error | null = null;
    worker.on('message', (reply: ReadWorkerReply) => {
      const job = thread.job;
      thread.job = null;
      if (job) settle(job, reply);
      this.#dispatch();
    });
    worker.on('error', (error) => {
      lastError = error;
    });
    worker.once('exit', (code) => {
      this.#threads.delete(thread);
      if (thread.idle) clearTimeout(thread.idle);
      const job = thread.job;
      if (job) {
        const outOfMemory =
          (lastError as NodeJS.ErrnoException | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
        if (outOfMemory) job.reject(new BcfFileTooLargeError('reading the file ran out of memory'));
        else
          job.reject(new Error(`BCF reader thread stopped (exit ${code}): ${lastError?.message}`));
        this.#log.warn({ err: lastError, code }, 'a BCF reader thread stopped while reading');
      }
      if (!this.#closed) this.#dispatch();
    });
    this.#threads.add(thread);
    return thread;
  }

  #dispatch(): void {
    for (;;) {
      const job = this.#queue[0];
      if (!job) break;
      let thread = [...this.#threads].find((candidate) => candidate.job === null);
      if (!thread && this.#threads.size < BCF_READ_THREADS) thread = this.#spawn();
      if (!thread) break;
      this.#queue.shift();
      if (thread.idle) clearTimeout(thread.idle);
      thread.idle = null;
      thread.job = job;
      thread.worker.ref();
      // A copy the thread owns (the request's buffer may share memory with others).
      const copy = new Uint8Array(job.bytes);
      thread.worker.postMessage({ bytes: copy }, [copy.buffer]);
    }
    for (const thread of this.#threads) {
      if (thread.job || thread.idle) continue;
      thread.worker.unref();
      thread.idle = setTimeout(() => void thread.worker.terminate(), IDLE_MS);
      thread.idle.unref();
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(new Error('the BCF reader is closed'));
    await Promise.all([...this.#threads].map((thread) => thread.worker.terminate()));
  }
}
