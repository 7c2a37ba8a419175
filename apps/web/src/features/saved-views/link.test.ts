import { describe, expect, it } from 'vitest';
import { savedViewInUrl, savedViewLink } from './link';

describe('saved view links', () => {
  it('links the page with only the view parameter, and reads it back', () => {
    const link = savedViewLink('https://truss.example/model/m1?vp=abc#x', 'v-1');
    expect(link).toBe('https://truss.example/model/m1?view=v-1');
    expect(savedViewInUrl(link)).toBe('v-1');
    expect(savedViewInUrl('https://truss.example/model/m1?vp=abc')).toBeNull();
  });
});
