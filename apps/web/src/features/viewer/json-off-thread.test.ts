import { packMetadata } from '@truss/viewable';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseJsonInWorker, startJsonWorker } from './json-off-thread';

/**
 * A stand-in for the browser's Worker (jsdom has none): it answers as metadata-parse.worker.ts
 * does, or fails to load its script, as a blocked script would.
 */
class FakeWorker extends EventTarget {
  static failing = false;
  static made = 0;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  /** Its script failed: it never answers. */
  readonly dead = FakeWorker.failing;
  constructor() {
    super();
    FakeWorker.made++;
    // As in the browser, the script's failure is told in a later task.
    if (FakeWorker.failing)
      setTimeout(() => {
        const error = new Event('error') as ErrorEvent;
        this.dispatchEvent(error);
        this.onerror?.(error);
      });
  }
  postMessage(bytes: ArrayBuffer): void {
    if (this.terminated || this.dead) return;
    const { packed } = packMetadata(JSON.parse(new TextDecoder().decode(bytes)));
    queueMicrotask(() =>
      this.onmessage?.(new MessageEvent('message', { data: { ok: true, packed } })),
    );
  }
  terminate(): void {
    this.terminated = true;
  }
}

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer;

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.failing = false;
  FakeWorker.made = 0;
});

describe('parseJsonInWorker', () => {
  it('parses in the worker and hands the JSON back', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    await expect(parseJsonInWorker(bytes({ a: [1, 2] }))).resolves.toEqual({ a: [1, 2] });
    expect(FakeWorker.made).toBe(1);
  });

  it('does not wait on a worker started ahead that failed before the parse', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.failing = true;
    const warm = startJsonWorker();
    FakeWorker.failing = false;
    // Failed before the metadata's bytes were in.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(parseJsonInWorker(bytes({ b: true }), warm)).resolves.toEqual({ b: true });
    // A new worker took the parse.
    expect(FakeWorker.made).toBe(2);
  });

  it('parses here when a worker fails at the parse, and rejects bad JSON', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.failing = true;
    await expect(parseJsonInWorker(bytes([3]))).resolves.toEqual([3]);
    await expect(parseJsonInWorker(new TextEncoder().encode('{').buffer)).rejects.toThrow(
      SyntaxError,
    );
  });
});

describe('parseViewableBytes (the compare page and the viewer read metadata with it)', () => {
  it('parses a big file in a worker and a small one here, without taking a warm worker', async () => {
    const { OFF_THREAD_BYTES, parseViewableBytes } = await import('./viewable-handoff');
    vi.stubGlobal('Worker', FakeWorker);
    const names = Array.from({ length: OFF_THREAD_BYTES / 16 }, (_, i) => `element ${i}`);
    const big = bytes({ names });
    expect(big.byteLength).toBeGreaterThanOrEqual(OFF_THREAD_BYTES);
    const warm = vi.fn(() => Promise.resolve(null));
    await expect(parseViewableBytes(big, warm)).resolves.toEqual({ names });
    expect(FakeWorker.made).toBe(1);
    expect(warm).toHaveBeenCalledTimes(1);
    await expect(parseViewableBytes(bytes({ small: true }), warm)).resolves.toEqual({
      small: true,
    });
    expect(FakeWorker.made).toBe(1);
    expect(warm).toHaveBeenCalledTimes(1);
  });
});
