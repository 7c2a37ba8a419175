import { describe, expect, it } from 'vitest';
import { DRAWING_HINT_KEY, isKnownDrawing, rememberDrawings } from './drawing-hint';

function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

const A = '6013b92f-883e-4996-a2ed-473f54efadf3';
const B = '00000000-0000-4000-8000-000000000002';

describe('drawing hint', () => {
  it('knows the drawings it was told about, case-insensitively', () => {
    const storage = memory();
    expect(isKnownDrawing(A, storage)).toBe(false);
    rememberDrawings([A.toUpperCase()], storage);
    expect(isKnownDrawing(A, storage)).toBe(true);
    expect(isKnownDrawing(B, storage)).toBe(false);
  });

  it('keeps the newest 200 without repeats', () => {
    const storage = memory();
    const ids = Array.from({ length: 250 }, (_, i) => `id-${i}`);
    rememberDrawings(ids, storage);
    rememberDrawings(['id-249', 'id-10'], storage);
    const kept = JSON.parse(storage.data.get(DRAWING_HINT_KEY)!) as string[];
    expect(kept).toHaveLength(200);
    expect(new Set(kept).size).toBe(200);
    expect(kept.at(-1)).toBe('id-10');
    expect(kept.includes('id-49')).toBe(false);
  });

  it('treats a broken or blocked storage as knowing nothing', () => {
    expect(isKnownDrawing(A, memory({ [DRAWING_HINT_KEY]: '{not json' }))).toBe(false);
    expect(isKnownDrawing(A, memory({ [DRAWING_HINT_KEY]: '{"a":1}' }))).toBe(false);
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => rememberDrawings([A], blocked)).not.toThrow();
  });
});
