import { describe, expect, it } from 'vitest';
import { convertSample } from './testing/convert-helpers.ts';
import { HAVE_SAMPLES } from './testing/samples.ts';

describe.skipIf(!HAVE_SAMPLES)('STEP through OpenCascade', () => {
  it(
    'AS1 assembly: tessellated, coloured, with its assembly tree',
    { timeout: 60_000 },
    async () => {
      const result = await convertSample('step/as1_pe_203.stp');
      expect(result.metadata.format).toBe('step');
      expect(result.metadata.source.schema).toMatch(/^AP203_CONFIGURATION_CONTROLLED/);
      expect(result.stats.triangles).toBeGreaterThan(1000);
      expect(result.stats.materials).toBeGreaterThan(1);
      expect(result.elements.some((e) => e.type === 'Part')).toBe(true);
      // OpenCascade converts the file's inch/mm units to metres: 5.08 m (200 in) across, not 5080.
      const [minX, minY, minZ, maxX, maxY, maxZ] = result.metadata.bbox!;
      expect(Math.max(maxX - minX, maxY - minY, maxZ - minZ)).toBeCloseTo(5.08, 2);
    },
  );
});
