/**
 * Answers started before the code that needs them exists (the entry's early requests, a model
 * page's prefetch), handed over once: the first ask for the same key takes the answer, and one
 * nobody took is dropped after `maxAgeMs`. Not a cache: a handoff of one early request. No React,
 * no zod: the entry loads it.
 */
export class Handoff<T> {
  readonly #entries = new Map<string, Promise<T>>();

  constructor(readonly maxAgeMs: number) {}

  /** Keeps `answer` for `key` (replacing any), dropped after maxAgeMs unless taken. */
  put(key: string, answer: Promise<T>): void {
    // Observed, so an answer nobody takes does not end as an unhandled rejection.
    answer.catch(() => undefined);
    this.#entries.set(key, answer);
    setTimeout(() => {
      if (this.#entries.get(key) === answer) this.#entries.delete(key);
    }, this.maxAgeMs);
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /** The answer for `key`, left for whoever takes it; null when there is none. */
  peek(key: string): Promise<T> | null {
    return this.#entries.get(key) ?? null;
  }

  /** The answer for `key`, taken (a second call gets null); null when there is none. */
  take(key: string): Promise<T> | null {
    const answer = this.#entries.get(key) ?? null;
    this.#entries.delete(key);
    return answer;
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}
