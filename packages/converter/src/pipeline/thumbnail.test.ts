import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { convertSample } from '../testing/convert-helpers.ts';
import { HAVE_SAMPLES } from '../testing/samples.ts';

/** Covered pixels of a thumbnail, and how many of them are clearly coloured (not grey). */
function colourfulness(png: Uint8Array) {
  const { data } = PNG.sync.read(Buffer.from(png));
  let covered = 0;
  let coloured = 0;
  const hues = new Set<string>();
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]! < 255) continue;
    covered++;
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (Math.max(r, g, b) - Math.min(r, g, b) < 60) continue;
    coloured++;
    // Which channel leads: a crude hue bucket.
    hues.add(r >= g && r >= b ? 'r' : g >= b ? 'g' : 'b');
  }
  return { covered, coloured: coloured / Math.max(1, covered), hues };
}

// The viewer multiplies the material colour by COLOR_0; the list's thumbnail must show the same
// colours, not a grey model (issue 17, item 8).
describe.skipIf(!HAVE_SAMPLES)('thumbnails show vertex colours like the viewer', () => {
  it.each(['ply/cube_rgb_binary.ply', '3mf/pyramid_vertexcolor.3mf'])('%s', async (path) => {
    const result = await convertSample(path);
    const attributes = result.json.meshes.flatMap((m) => m.primitives.map((p) => p.attributes));
    expect(attributes.some((a) => a.COLOR_0 !== undefined)).toBe(true);
    const { covered, coloured, hues } = colourfulness(result.thumbnailPng);
    expect(covered).toBeGreaterThan(10_000);
    expect(coloured).toBeGreaterThan(0.5);
    expect(hues.size).toBeGreaterThanOrEqual(2);
  });

  it('a model without vertex colours keeps its material colour', async () => {
    const result = await convertSample('stl/stl_binary.stl');
    const { covered, coloured } = colourfulness(result.thumbnailPng);
    expect(covered).toBeGreaterThan(10_000);
    expect(coloured).toBe(0);
  });
});
