import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { findNulString } from './nul-guard.ts';

describe('findNulString', () => {
  it('finds U+0000 in strings and keys, however nested', () => {
    expect(findNulString('a\u0000b')).toBe('');
    expect(findNulString({ name: 'ok', tags: ['x', 'y\u0000'] })).toBe('tags.1');
    expect(findNulString({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findNulString({ a: { b: 'fine' } })).toBeNull();
  });

  it('leaves raw bodies alone: bytes are not text, and are not walked byte by byte', () => {
    const bytes = Buffer.alloc(8 * 1024 * 1024); // all zero bytes
    const started = performance.now();
    expect(findNulString(bytes)).toBeNull();
    expect(findNulString(new Uint8Array(16))).toBeNull();
    expect(findNulString(new ArrayBuffer(16))).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('leaves a streamed body alone (an attachment upload): its object graph is not walked', () => {
    // A request stream's fields lead to the socket, the server, the app: a graph like this one
    // (32 levels of 8 shared branches) that a walk never finishes.
    let graph: Record<string, unknown> = { text: 'fine' };
    for (let level = 0; level < 40; level++) {
      graph = Object.fromEntries([...'abcdefgh'].map((key) => [key, graph]));
    }
    const stream = Object.assign(Readable.from([]), { note: 'a\u0000b', socket: graph });
    const started = performance.now();
    expect(findNulString(stream)).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
  });
});
