import type { SheetIndex, VectorSheet } from '@truss/viewable';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertModel, type ConversionResult } from '../convert.ts';
import { HAVE_SAMPLES, sample } from '../testing/samples.ts';
import { chainSegments, polygonArea, sectionSegments } from './section.ts';
import { HeightBand, planSheetId, previewKey } from './storey-plans.ts';

const decoder = new TextDecoder();

describe('HeightBand', () => {
  it('gives, band after band from the bottom up, what a pass over every element gives', () => {
    let seed = 11;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    // A tower's elements on 60 floors of 3 m, some spanning many floors, in shuffled ids.
    const ranges = new Map<number, { minY: number; maxY: number }>();
    const elements: number[] = [];
    for (let n = 0; n < 3000; n++) {
      const id = 7 * n + 3;
      const minY = Math.floor(random() * 60) * 3 + (random() < 0.1 ? -0.05 : 0);
      const height = random() < 0.05 ? random() * 90 : random() * 3;
      ranges.set(id, { minY, maxY: minY + height });
      elements.push(id);
    }
    elements.sort(() => random() - 0.5);
    const band = new HeightBand(elements, ranges);
    for (let floor = -3; floor <= 183; floor += 3) {
      const [bottom, top] = [floor - 0.05, floor + 1.2];
      const expected = elements.filter((id) => {
        const range = ranges.get(id)!;
        return !(range.maxY < bottom || range.minY > top);
      });
      expect(band.within(bottom, top)).toEqual(expected);
    }
    expect(() => band.within(0, 1)).toThrow(/bottom up/);
  });
});

describe('plan sections', () => {
  it('cuts a cube into one closed square and chains it', () => {
    // A unit cube (8 corners, 12 triangles), cut at y = 0.5.
    const positions = new Float64Array([
      0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1,
    ]);
    const indices = new Uint32Array([
      0, 1, 2, 0, 2, 3, 4, 6, 5, 4, 7, 6, 0, 4, 5, 0, 5, 1, 3, 2, 6, 3, 6, 7, 0, 3, 7, 0, 7, 4, 1,
      5, 6, 1, 6, 2,
    ]);
    const chains = chainSegments(sectionSegments({ positions, indices }, 0.5));
    expect(chains).toHaveLength(1);
    expect(chains[0]!.closed).toBe(true);
    // Collinear points dropped: the four corners of the 1 x 1 square, plan y = -z.
    expect(chains[0]!.points).toHaveLength(8);
    expect(polygonArea(chains[0]!.points)).toBeCloseTo(1, 9);
    expect(sectionSegments({ positions, indices }, 1.5)).toEqual([]);
  });
});

describe('plan previews', () => {
  const plan = (element: number, x = 0): VectorSheet => ({
    version: 1,
    bounds: [0, 0, 10, 10],
    paths: [
      {
        layer: 0,
        points: [x, 0, 10, 0, 10, 10],
        closed: true,
        stroke: '#000000',
        fill: null,
        width: 0,
        element,
      },
    ],
    texts: [
      { text: 'Room', x: 5, y: 5, width: 1, height: 0.2, rotation: 0, layer: 0, color: '#000000' },
    ],
  });
  const frame = [-1, -1, 11, 11];

  it('share a key when they show the same, whatever elements the paths belong to', () => {
    expect(previewKey(plan(7), frame)).toBe(previewKey(plan(4007), frame));
    expect(previewKey(plan(7, 0.01), frame)).not.toBe(previewKey(plan(7), frame));
    expect(previewKey(plan(7), [-2, -1, 11, 11])).not.toBe(previewKey(plan(7), frame));
    const renamed = plan(7);
    renamed.texts[0]!.text = 'Office';
    expect(previewKey(renamed, frame)).not.toBe(previewKey(plan(7), frame));
    const styled = plan(7);
    styled.paths[0]!.fill = '#cccccc';
    expect(previewKey(styled, frame)).not.toBe(previewKey(plan(7), frame));
  });
});

describe('plan sheet ids', () => {
  it('fit storage keys: a GlobalId with $ gets -, one unfit for a key the row', () => {
    // Storage keys allow [A-Za-z0-9._-] (apps/server storage.ts).
    expect(planSheetId('1j4xEDn78A9oA4mCPCkL$s', 7)).toBe('s1j4xEDn78A9oA4mCPCkL-s');
    expect(planSheetId('2O2Fr$t4X7Zf8NOew3FLOH', 7)).not.toBe(
      planSheetId('2O2Fr_t4X7Zf8NOew3FLOH', 7),
    );
    expect(planSheetId('a/b', 7)).toBe('s7');
    expect(planSheetId(undefined, 3)).toBe('s3');
    for (const id of ['$$$', 'abc$', '0_9'].map((g) => planSheetId(g, 1)))
      expect(id).toMatch(/^[A-Za-z0-9._-]+$/);
  });
});

describe.skipIf(!HAVE_SAMPLES)('IFC storey plans (Duplex)', () => {
  let result: ConversionResult;
  let index: SheetIndex;
  const sheet = (id: string): VectorSheet =>
    JSON.parse(decoder.decode(result.plans.find((f) => f.name === `sheet-${id}.json`)!.bytes));

  beforeAll(async () => {
    result = await convertModel({ bytes: sample('ifc/duplex.ifc'), filename: 'duplex.ifc' });
    index = JSON.parse(decoder.decode(result.plans.find((f) => f.name === 'sheets.json')!.bytes));
  }, 120_000);

  it('draws one plan per storey, lowest first, with a preview each', () => {
    expect(result.metadata.storeys).toHaveLength(4);
    expect(index.sheets.map((s) => [s.name, s.kind, s.units, s.storey?.elevation])).toEqual([
      ['T/FDN', 'storey-plan', 'm', -1.25],
      ['Level 1', 'storey-plan', 'm', 0],
      ['Level 2', 'storey-plan', 'm', 3.1],
      ['Roof', 'storey-plan', 'm', 6],
    ]);
    for (const info of index.sheets) {
      expect(info.storey?.cutHeight).toBe(1.2);
      const names = result.plans.map((f) => f.name);
      expect(names).toContain(`sheet-${info.id}.png`);
    }
    expect(result.stats.plans.sheets).toBe(4);
  });

  it('fills the cut walls, swings the doors, names the spaces with their areas', () => {
    for (const name of ['Level 1', 'Level 2']) {
      const info = index.sheets.find((s) => s.name === name)!;
      const plan = sheet(info.id);
      const layer = (path: VectorSheet['paths'][number]) => info.layers[path.layer]!.name;
      // Cut walls: closed, filled, of a wall's size (not slivers).
      const walls = plan.paths.filter(
        (p) =>
          layer(p).startsWith('IfcWall') &&
          p.closed &&
          p.fill !== null &&
          polygonArea(p.points) > 0.05,
      );
      expect(walls.length, name).toBeGreaterThan(20);
      // A swing: the open quarter arc (61 points) on the door layer.
      const arcs = plan.paths.filter((p) => layer(p) === 'IfcDoor' && p.points.length === 122);
      expect(arcs.length, name).toBeGreaterThanOrEqual(6);
      const labels = plan.texts.map((t) => t.text);
      const areas = labels.filter((t) => /^\d+\.\d\d m²$/.test(t));
      expect(areas.length, name).toBeGreaterThanOrEqual(8);
      // Every path carries its element (a row of the metadata's element table).
      for (const path of plan.paths) {
        expect(path.element).toBeGreaterThanOrEqual(0);
        expect(path.element).toBeLessThan(result.metadata.elements.count);
      }
    }
    const level1 = sheet(index.sheets[1]!.id);
    const a102 = level1.texts.findIndex((t) => t.text === 'A102');
    expect(a102).toBeGreaterThanOrEqual(0);
    // Its area from the footprint: Duplex's schedule says 27.66 m² (rounded).
    expect(level1.texts[a102 + 1]!.text).toBe('27.66 m²');
  });

  it('keeps the plan in the viewable frame: a wall lies inside its element box (x, -z)', () => {
    const { elements } = result.metadata;
    const info = index.sheets[1]!;
    const plan = sheet(info.id);
    const walls = plan.paths.filter((p) => info.layers[p.layer]!.name.startsWith('IfcWall'));
    expect(walls.length).toBeGreaterThan(0);
    for (const wall of walls) {
      const id = wall.element!;
      const box = elements.bbox.slice(id * 6, id * 6 + 6).map((v) => v * elements.bboxStep);
      for (let i = 0; i < wall.points.length; i += 2) {
        expect(wall.points[i]).toBeGreaterThanOrEqual(box[0]! - 0.01);
        expect(wall.points[i]).toBeLessThanOrEqual(box[3]! + 0.01);
        expect(-wall.points[i + 1]!).toBeGreaterThanOrEqual(box[2]! - 0.01);
        expect(-wall.points[i + 1]!).toBeLessThanOrEqual(box[5]! + 0.01);
      }
    }
  });
});

describe.skipIf(!HAVE_SAMPLES)('IFC storey plans: door operation types (Office_A)', () => {
  it("draws a door as its type says: Office_A's double doors get two leaves", async () => {
    // Office_A's IfcDoorStyles: 4 DOUBLE_DOOR_SINGLE_SWING, 11 single swings (left and right).
    const result = await convertModel({
      bytes: sample('ifc/Office_A_20110811.ifc'),
      filename: 'Office_A_20110811.ifc',
    });
    const index: SheetIndex = JSON.parse(
      decoder.decode(result.plans.find((f) => f.name === 'sheets.json')!.bytes),
    );
    const arcsPerDoor = new Map<number, number>();
    for (const info of index.sheets) {
      const plan: VectorSheet = JSON.parse(
        decoder.decode(result.plans.find((f) => f.name === `sheet-${info.id}.json`)!.bytes),
      );
      for (const path of plan.paths) {
        if (info.layers[path.layer]!.name !== 'IfcDoor' || path.points.length !== 122) continue;
        arcsPerDoor.set(path.element!, (arcsPerDoor.get(path.element!) ?? 0) + 1);
      }
    }
    const counts = [...arcsPerDoor.values()];
    expect(counts.filter((n) => n === 2).length).toBeGreaterThanOrEqual(2);
    expect(counts.filter((n) => n === 1).length).toBeGreaterThanOrEqual(10);
    expect(counts.every((n) => n === 1 || n === 2)).toBe(true);
  }, 120_000);
});
