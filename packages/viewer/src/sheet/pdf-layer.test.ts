import { describe, expect, it } from 'vitest';
import { inkPixels } from './pdf-layer.ts';

describe('PDF renders as ink (the overlay compare)', () => {
  it('keeps dark and coloured pixels as ink, paper white and transparency as none', () => {
    const pixels = new Uint8ClampedArray([
      // white paper, opaque; black line; red line; a light grey hairline; a transparent pixel
      255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255, 200, 200, 200, 255, 0, 0, 0, 0,
    ]);
    inkPixels(pixels);
    const alphas = [3, 7, 11, 15, 19].map((i) => pixels[i]);
    expect(alphas).toEqual([0, 255, 179, 55, 0]);
    // Ink is black: the compare tints it by its alpha alone.
    for (let i = 0; i < pixels.length; i += 4)
      expect(pixels.slice(i, i + 3)).toEqual(new Uint8ClampedArray(3));
  });

  it('scales a half-covered edge pixel of a black line to half ink', () => {
    const pixels = new Uint8ClampedArray([0, 0, 0, 128]);
    inkPixels(pixels);
    expect(pixels[3]).toBe(128);
  });
});
