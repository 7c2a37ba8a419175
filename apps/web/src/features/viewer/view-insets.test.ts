import { describe, expect, it } from 'vitest';
import { coveredInsets } from './view-insets';

describe('coveredInsets', () => {
  const view = { left: 0, top: 48, right: 1000, bottom: 848 };

  it('counts a toolbar near the bottom edge against the bottom, as far up as it reaches', () => {
    const toolbar = { left: 300, top: 780, right: 700, bottom: 836 };
    expect(coveredInsets(view, [toolbar])).toEqual({ top: 0, right: 0, bottom: 68, left: 0 });
  });

  it('counts a toolbar as wide as the view (nearer the sides than the bottom) against the bottom', () => {
    const toolbar = { left: 8, top: 780, right: 992, bottom: 836 };
    expect(coveredInsets(view, [toolbar])).toEqual({ top: 0, right: 0, bottom: 68, left: 0 });
  });

  it('counts a full-height panel against its side, and ignores what lies outside the view', () => {
    const panel = { left: 0, top: 48, right: 320, bottom: 848 };
    const header = { left: 0, top: 0, right: 1000, bottom: 48 };
    expect(coveredInsets(view, [panel, header])).toEqual({
      top: 0,
      right: 0,
      bottom: 0,
      left: 320,
    });
  });

  it('keeps the deepest cover per edge', () => {
    const sheet = { left: 0, top: 500, right: 1000, bottom: 848 };
    const toolbar = { left: 300, top: 780, right: 700, bottom: 836 };
    expect(coveredInsets(view, [toolbar, sheet]).bottom).toBe(348);
  });
});
