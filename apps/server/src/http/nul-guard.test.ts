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
});
