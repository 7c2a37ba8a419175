import { describe, expect, it } from 'vitest';
import { federatedViewPath, MAX_FEDERATED_MODELS, parseModelIds } from './view-url';

describe('federated view URL', () => {
  it('reads distinct, non-empty model ids in order', () => {
    expect(parseModelIds('b, a,,b ,c')).toEqual(['b', 'a', 'c']);
    expect(parseModelIds(null)).toEqual([]);
    expect(parseModelIds(Array.from({ length: 20 }, (_, i) => `m${i}`).join(','))).toHaveLength(
      MAX_FEDERATED_MODELS,
    );
  });

  it('writes the path the page reads', () => {
    const path = federatedViewPath('p1', ['a', 'b']);
    expect(path).toBe('/project/p1/view?models=a,b');
    expect(parseModelIds(new URL(path, 'http://x').searchParams.get('models'))).toEqual(['a', 'b']);
  });
});
