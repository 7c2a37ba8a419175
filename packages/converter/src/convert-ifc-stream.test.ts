import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertModel } from './convert.ts';
import { HAVE_SAMPLES, sample } from './testing/samples.ts';

describe.skipIf(!HAVE_SAMPLES)('an IFC converted from its file (read in pieces)', () => {
  it('gives the same viewable as the same IFC converted from memory', async () => {
    const path = sample('ifc/IfcOpenHouse_IFC4.ifc');
    const fromFile = await convertModel({ bytes: path, filename: 'house.ifc' });
    const fromMemory = await convertModel({
      bytes: new Uint8Array(readFileSync(path)),
      filename: 'house.ifc',
    });
    expect(fromFile.stats.inputBytes).toBe(readFileSync(path).length);
    expect(fromFile.metadata).toEqual(fromMemory.metadata);
    expect(Buffer.from(fromFile.glb).equals(Buffer.from(fromMemory.glb))).toBe(true);
  }, 60_000);
});
