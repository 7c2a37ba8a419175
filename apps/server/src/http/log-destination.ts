import type { DestinationStream } from 'pino';

/** Where batches go: pino's sonic-boom destination (`pino.destination`), or any stream like it. */
interface LogSink {
  write(text: string): void;
  flushSync?(): void;
}

interface BatchOptions {
  /** A batch is handed on once this many characters are pending... */
  batchChars: number;
  /** ...or this long (ms) after the last hand-over, whichever comes first. */
  flushMs: number;
}

/**
 * Log lines gathered in memory and handed to `sink` as one string per batch. pino's own
 * destination (sonic-boom) batches too (`minLength`), but it measures the whole pending string
 * on every line, flattening it as it grows: on a busy server that cost several microseconds per
 * line, more than formatting the line. Here a line is pushed onto an array; a batch is joined
 * once. On exit whatever is pending is written synchronously (`kill -9` loses at most
 * `flushMs` of lines).
 */
export class BatchedLogDestination implements DestinationStream {
  readonly #sink: LogSink;
  readonly #options: BatchOptions;
  #lines: string[] = [];
  #chars = 0;
  readonly #timer: NodeJS.Timeout;
  readonly #onExit = () => this.flushSync();

  constructor(sink: LogSink, options: BatchOptions) {
    this.#sink = sink;
    this.#options = options;
    this.#timer = setInterval(() => this.flush(), options.flushMs);
    this.#timer.unref();
    process.once('exit', this.#onExit);
  }

  write(line: string): void {
    this.#lines.push(line);
    this.#chars += line.length;
    if (this.#chars >= this.#options.batchChars) this.flush();
  }

  /** Hands what is pending to the sink now. */
  flush(): void {
    if (this.#lines.length === 0) return;
    const text = this.#lines.join('');
    this.#lines = [];
    this.#chars = 0;
    this.#sink.write(text);
  }

  /** Hands what is pending to the sink and has the sink write it before returning. */
  flushSync(): void {
    this.flush();
    this.#sink.flushSync?.();
  }

  /** Writes what is pending and stops the timer (the sink stays open). */
  close(): void {
    this.flushSync();
    clearInterval(this.#timer);
    process.removeListener('exit', this.#onExit);
  }
}
