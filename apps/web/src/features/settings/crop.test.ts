import { describe, expect, it } from 'vitest';
import { clampCrop, coverScale, panBy, sourceRect, zoomTo, type CropState } from './crop';

const landscape = { width: 800, height: 400 };
const portrait = { width: 300, height: 900 };
const VIEW = 200;
const start: CropState = { zoom: 1, x: 0, y: 0 };

describe('avatar crop math', () => {
  it('fits the short side to the viewport at zoom 1', () => {
    expect(coverScale(landscape, VIEW)).toBe(0.5);
    expect(coverScale(portrait, VIEW)).toBeCloseTo(2 / 3);
  });

  it('crops the centre square at zoom 1', () => {
    expect(sourceRect(start, landscape, VIEW)).toEqual({ sx: 200, sy: 0, size: 400 });
    const p = sourceRect(start, portrait, VIEW);
    expect(p.sx).toBeCloseTo(0);
    expect(p.sy).toBeCloseTo(300);
    expect(p.size).toBeCloseTo(300);
  });

  it('never lets an empty edge show when dragged too far', () => {
    // At zoom 1 the landscape image is 400 x 200 viewport px: 100 px of play left and right, none vertically.
    expect(clampCrop({ zoom: 1, x: 500, y: 50 }, landscape, VIEW)).toEqual({
      zoom: 1,
      x: 100,
      y: 0,
    });
    expect(clampCrop({ zoom: 1, x: -500, y: -50 }, landscape, VIEW)).toEqual({
      zoom: 1,
      x: -100,
      y: 0,
    });
    // Dragged fully right, the crop shows the image's left edge.
    expect(sourceRect(panBy(start, 1000, 0, landscape, VIEW), landscape, VIEW).sx).toBe(0);
    expect(sourceRect(panBy(start, -1000, 0, landscape, VIEW), landscape, VIEW).sx).toBe(400);
  });

  it('zooming in shows a smaller square around the same centre', () => {
    const zoomed = zoomTo(start, 2, landscape, VIEW);
    expect(sourceRect(zoomed, landscape, VIEW)).toEqual({ sx: 300, sy: 100, size: 200 });
    // Zoom is kept between 1 and 4.
    expect(zoomTo(start, 0.2, landscape, VIEW).zoom).toBe(1);
    expect(zoomTo(start, 9, landscape, VIEW).zoom).toBe(4);
  });

  it('keeps the point under the centre fixed while zooming, then clamps on zoom out', () => {
    const panned = panBy(zoomTo(start, 2, landscape, VIEW), 100, 50, landscape, VIEW);
    const before = sourceRect(panned, landscape, VIEW);
    const centreBefore = { x: before.sx + before.size / 2, y: before.sy + before.size / 2 };
    const more = sourceRect(zoomTo(panned, 3, landscape, VIEW), landscape, VIEW);
    expect(more.sx + more.size / 2).toBeCloseTo(centreBefore.x);
    expect(more.sy + more.size / 2).toBeCloseTo(centreBefore.y);
    // Back at zoom 1 the vertical offset has no room and snaps back.
    expect(zoomTo(panned, 1, landscape, VIEW).y).toBe(0);
  });
});
