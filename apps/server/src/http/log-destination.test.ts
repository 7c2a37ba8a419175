import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchedLogDestination } from './log-destination.ts';

function sink() {
  const writes: string[] = [];
  let syncFlushes = 0;
  return {
    writes,
    syncFlushes: () => syncFlushes,
    write: (text: string) => void writes.push(text),
    flushSync: () => void (syncFlushes += 1),
  };
}

describe('BatchedLogDestination', () => {
  afterEach(() => vi.useRealTimers());

  it('hands lines on as one string once a batch is full', () => {
    const out = sink();
    const destination = new BatchedLogDestination(out, { batchChars: 20, flushMs: 60_000 });
    destination.write('0123456789\n');
    expect(out.writes).toEqual([]);
    destination.write('abcdefghij\n'); // 22 characters pending
    expect(out.writes).toEqual(['0123456789\nabcdefghij\n']);
    destination.close();
  });

  it('hands a lone line on after the flush interval', () => {
    vi.useFakeTimers();
    const out = sink();
    const destination = new BatchedLogDestination(out, { batchChars: 4096, flushMs: 250 });
    destination.write('alone\n');
    vi.advanceTimersByTime(249);
    expect(out.writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(out.writes).toEqual(['alone\n']);
    vi.advanceTimersByTime(1_000); // nothing pending: nothing written
    expect(out.writes).toEqual(['alone\n']);
    destination.close();
  });

  it('writes what is pending synchronously on exit and on close, then lets go of the process', () => {
    const out = sink();
    const exitListeners = process.listenerCount('exit');
    const destination = new BatchedLogDestination(out, { batchChars: 4096, flushMs: 60_000 });
    expect(process.listenerCount('exit')).toBe(exitListeners + 1);
    destination.write('last words\n');
    process.listeners('exit').at(-1)!.call(process, 0);
    expect(out.writes).toEqual(['last words\n']);
    expect(out.syncFlushes()).toBe(1);
    destination.write('closing\n');
    destination.close();
    expect(out.writes).toEqual(['last words\n', 'closing\n']);
    expect(process.listenerCount('exit')).toBe(exitListeners);
  });
});
