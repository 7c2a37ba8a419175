import { describe, expect, it } from 'vitest';
import { PROJECT_COLORS } from './components/ProjectAvatar';
import { contrastRatio, INK, parseColor, textColorOn, WHITE, type Rgb } from './contrast';

describe('contrast', () => {
  it('parses hex, rgb() and hsl() colours', () => {
    expect(parseColor('#fff')).toEqual([255, 255, 255]);
    expect(parseColor('#4F46E5cc')).toEqual([79, 70, 229]);
    expect(parseColor('rgb(10, 20, 30)')).toEqual([10, 20, 30]);
    expect(parseColor('rgba(100% 0% 0% / 0.5)')).toEqual([255, 0, 0]);
    expect(parseColor('hsl(120, 100%, 25%)')?.map(Math.round)).toEqual([0, 128, 0]);
    expect(parseColor('#12345')).toBeNull();
    expect(parseColor('tomato')).toBeNull();
  });

  it('computes the WCAG ratios of known pairs', () => {
    expect(contrastRatio(WHITE, [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    // Tailwind v3 gray-500 on white: 4.83:1; gray-400: 2.54:1.
    expect(contrastRatio(parseColor('#6b7280')!, WHITE)).toBeCloseTo(4.83, 2);
    expect(contrastRatio(parseColor('#9ca3af')!, WHITE)).toBeCloseTo(2.54, 2);
  });

  it('gives every project icon colour a text colour that reaches AA (4.5:1)', () => {
    for (const { id, hex } of PROJECT_COLORS) {
      const text: Rgb = textColorOn(hex) === 'white' ? WHITE : INK;
      expect(contrastRatio(parseColor(hex)!, text), id).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('switches to dark text on light colours a person picked', () => {
    expect(textColorOn('#fde047')).toBe('ink');
    expect(textColorOn('#1e3a8a')).toBe('white');
    expect(textColorOn('not a colour')).toBe('white');
  });
});
