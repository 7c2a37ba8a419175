import { getElementProperties, type ModelPropertySet } from '@truss/viewable';
import { describe, expect, it } from 'vitest';
import { elementQuantities } from './quantities';
import { sampleMetadata } from './testing/fixture';

const set = (
  name: string,
  kind: ModelPropertySet['kind'],
  properties: ModelPropertySet['properties'],
): ModelPropertySet => ({ name, kind, properties });

describe('element quantities', () => {
  it("reads a wall's net side area from its Qto set, with the model's unit", () => {
    const sets = getElementProperties(sampleMetadata(), 5);
    expect(elementQuantities(sets)).toEqual({
      area: { value: 12.345678, unit: 'm²', set: 'Qto_WallBaseQuantities', name: 'NetSideArea' },
      volume: null,
    });
  });

  it('prefers net over gross, and a quantity set over a property set', () => {
    const sets = [
      set('Dimensions', 'pset', [
        { name: 'Area', value: 99, unit: 'm²' },
        { name: 'Volume', value: 98, unit: 'm³' },
      ]),
      set('Qto_SlabBaseQuantities', 'qto', [
        { name: 'GrossVolume', value: 2.5, unit: 'm³' },
        { name: 'GrossArea', value: 10, unit: 'm²' },
        { name: 'NetArea', value: 9.5, unit: 'm²' },
      ]),
    ];
    expect(elementQuantities(sets)).toEqual({
      area: { value: 9.5, unit: 'm²', set: 'Qto_SlabBaseQuantities', name: 'NetArea' },
      volume: { value: 2.5, unit: 'm³', set: 'Qto_SlabBaseQuantities', name: 'GrossVolume' },
    });
  });

  it('takes a Qto_ property set (IFC2x3 exports) before an ordinary one', () => {
    const sets = [
      set('Pset_Custom', 'pset', [{ name: 'Volume', value: 7 }]),
      set('Qto_BeamBaseQuantities', 'pset', [{ name: 'NetVolume', value: 0.3, unit: 'm³' }]),
    ];
    expect(elementQuantities(sets).volume).toEqual({
      value: 0.3,
      unit: 'm³',
      set: 'Qto_BeamBaseQuantities',
      name: 'NetVolume',
    });
  });

  it('ignores attributes, text and unknown values; gives null without quantities', () => {
    const sets = [
      set('Attributes', 'attributes', [{ name: 'Area', value: 5 }]),
      set('BaseQuantities', 'qto', [
        { name: 'NetArea', value: null },
        { name: 'NetVolume', value: 'n/a' },
      ]),
    ];
    expect(elementQuantities(sets)).toEqual({ area: null, volume: null });
    expect(elementQuantities([])).toEqual({ area: null, volume: null });
  });
});
