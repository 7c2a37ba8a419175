import { describe, expect, it } from 'vitest';
import { colorKeyOf, commonType, elementGroups, formatValue, groupsAsText } from './properties';
import type { PropertyRow } from './properties';
import { sampleMetadata } from './testing/fixture';

const words = { yes: 'Yes', no: 'No', unknown: 'Unknown' };
const shown = ({ name, text }: PropertyRow) => ({ name, text });
const labels = {
  group: 'Attributes',
  type: 'Type',
  name: 'Name',
  globalId: 'GlobalId',
  expressId: 'Express ID',
};

describe('property values', () => {
  it('rounds numbers to 4 decimals without grouping, keeps units, words for booleans', () => {
    expect(formatValue(12.345678, 'm²', words)).toBe('12.3457 m²');
    expect(formatValue(1234567.5, undefined, words)).toBe('1234567.5');
    expect(formatValue(-0, 'm', words)).toBe('0 m');
    expect(formatValue(0.00001, 'm', words)).toBe('1.000e-5 m');
    expect(formatValue(true, undefined, words)).toBe('Yes');
    expect(formatValue(false, undefined, words)).toBe('No');
    expect(formatValue(null, 'm', words)).toBe('Unknown');
    expect(formatValue('Concrete', undefined, words)).toBe('Concrete');
  });
});

describe('element groups', () => {
  const metadata = sampleMetadata();

  it('lists attributes first, then property sets, then quantities', () => {
    const groups = elementGroups(metadata, 5, labels, words);
    expect(groups.map((g) => [g.kind, g.title])).toEqual([
      ['attributes', 'Attributes'],
      ['pset', 'Pset_WallCommon'],
      ['qto', 'Qto_WallBaseQuantities'],
    ]);
    expect(groups[0]!.rows.map(shown)).toEqual([
      { name: 'Type', text: 'IfcWall' },
      { name: 'Name', text: 'Basic Wall:Exterior' },
      { name: 'GlobalId', text: '2O2Fr$t4X7Zf8NOew3FLOH' },
      { name: 'Express ID', text: '101' },
      { name: 'Tag', text: 'W-01' },
    ]);
    expect(groups[1]!.rows.map(shown)).toEqual([
      { name: 'IsExternal', text: 'Yes' },
      { name: 'LoadBearing', text: 'Unknown' },
      { name: 'FireRating', text: '1.000e-5' },
    ]);
    expect(groups[2]!.rows.map(shown)).toEqual([{ name: 'NetSideArea', text: '12.3457 m²' }]);
  });

  it('an element without name, GlobalId or sets still has its type', () => {
    const groups = elementGroups(metadata, 7, labels, words);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.rows.map(shown)).toEqual([
      { name: 'Type', text: 'IfcSlab' },
      { name: 'Express ID', text: '103' },
    ]);
  });

  it('copies every group as text', () => {
    const text = groupsAsText('Door 900', elementGroups(metadata, 8, labels, words));
    expect(text).toBe(
      [
        'Door 900',
        '',
        '[Attributes]',
        'Type: IfcWall',
        'Name: Basic Wall:Exterior',
        'GlobalId: 3cUkl32yn9qRSPvBJVyWYp',
        'Express ID: 104',
        '',
        '[Pset_WallCommon]',
        'IsExternal: Yes',
        'LoadBearing: Unknown',
        'FireRating: 1.000e-5',
      ].join('\n'),
    );
  });

  it('a multiple selection has a common type only when all share it', () => {
    expect(commonType(metadata, [5, 8])).toBe('IfcWall');
    expect(commonType(metadata, [5, 6])).toBeNull();
    expect(commonType(metadata, [])).toBeNull();
  });
});

describe('colour by', () => {
  const metadata = sampleMetadata();

  it('offers the type and property rows, not names or ids', () => {
    const [attributes, pset] = elementGroups(metadata, 5, labels, words);
    expect(attributes!.rows.map((row) => [row.name, row.colorKey ?? null])).toEqual([
      ['Type', { kind: 'type' }],
      ['Name', null],
      ['GlobalId', null],
      ['Express ID', null],
      ['Tag', { kind: 'property', setKind: 'attributes', set: 'Attributes', name: 'Tag' }],
    ]);
    expect(pset!.rows[0]!.colorKey).toEqual({
      kind: 'property',
      setKind: 'pset',
      set: 'Pset_WallCommon',
      name: 'IsExternal',
    });
  });

  it('gives each drawn element its value as shown, "not set" without it, nothing when not drawn', () => {
    const external = colorKeyOf(
      metadata,
      { kind: 'property', setKind: 'pset', set: 'Pset_WallCommon', name: 'IsExternal' },
      words,
      'Not set',
    );
    // 5 and 8 are walls with the set, 6 (door) and 7 (slab) have none, 0-4 have no geometry.
    expect(Array.from({ length: 9 }, (_, id) => external(id))).toEqual([
      null,
      null,
      null,
      null,
      null,
      'Yes',
      'Not set',
      'Not set',
      'Yes',
    ]);
    const area = colorKeyOf(
      metadata,
      { kind: 'property', setKind: 'qto', set: 'Qto_WallBaseQuantities', name: 'NetSideArea' },
      words,
      'Not set',
    );
    expect([area(5), area(8)]).toEqual(['12.3457 m²', 'Not set']);
    // A property of that name in another kind of set does not count.
    const wrongKind = colorKeyOf(
      metadata,
      { kind: 'property', setKind: 'qto', set: 'Pset_WallCommon', name: 'IsExternal' },
      words,
      'Not set',
    );
    expect(wrongKind(5)).toBe('Not set');
    const type = colorKeyOf(metadata, { kind: 'type' }, words, 'Not set');
    expect([type(0), type(5), type(6), type(7)]).toEqual([null, 'IfcWall', 'IfcDoor', 'IfcSlab']);
  });
});
