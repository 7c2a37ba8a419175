/** Helpers of viewer-papercuts.e2e.ts: gizmo pixels, element floors, waiting out a transition. */
import type { Page } from 'playwright-core';
import { withViewer, type ModelMeta } from './model-page.ts';
import { borderColor, type Pixels } from './viewer.ts';

/** Pixels in the section gizmos' blue (0x2563eb) and its shades. */
export function bluePixels(image: Pixels): number {
  let count = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
    if (b > 180 && b > r + 100 && b > g + 60) count++;
  }
  return count;
}

/** Bottoms (world Y) of every drawn element's box. */
export function elementBottoms(meta: ModelMeta): number[] {
  const { count, bbox, bboxStep, triangles } = meta.elements;
  const bottoms: number[] = [];
  for (let id = 0; id < count; id++) {
    if (triangles[id]! > 0) bottoms.push(bbox[id * 6 + 1]! * bboxStep);
  }
  return bottoms;
}

/** Lets the camera's 500 ms transition finish and draws a frame. */
export async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(700);
  await withViewer(page, (viewer) => viewer.renderNow(), null);
}

/** The first and last pixel rows that differ from the background (the model's extent). */
export function modelRows(image: Pixels): { highest: number; lowest: number } {
  const background = borderColor(image);
  let lowest = 0;
  let highest = image.height;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4;
      if (
        Math.abs(image.data[i]! - background[0]) > 12 ||
        Math.abs(image.data[i + 1]! - background[1]) > 12 ||
        Math.abs(image.data[i + 2]! - background[2]) > 12
      ) {
        lowest = Math.max(lowest, y);
        highest = Math.min(highest, y);
      }
    }
  }
  return { highest, lowest };
}
