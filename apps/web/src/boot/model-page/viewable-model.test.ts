import { describe, expect, it } from 'vitest';
import { isEarlyViewable } from './viewable-model';

const id = '6b864b02-dcb1-4990-a87b-cf5871653ae4';

describe('isEarlyViewable', () => {
  const ready = {
    id,
    status: 'ready',
    viewable_url: '/v.glb',
    metadata_url: null,
    deleted_at: null,
  };
  it('opens a ready model with a viewable', () => {
    expect(isEarlyViewable(ready, id)).toBe(true);
  });
  it.each([
    ['another model', { ...ready, id: 'x' }],
    ['a processing model', { ...ready, status: 'processing' }],
    ['a model without a viewable', { ...ready, viewable_url: null }],
    [
      'a model in the trash (its banner changes the layout)',
      { ...ready, deleted_at: '2026-01-01' },
    ],
    ['no model', null],
  ])('not %s', (_case, model) => {
    expect(isEarlyViewable(model, id)).toBe(false);
  });
});
