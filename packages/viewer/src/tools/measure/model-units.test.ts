import type { ModelMetadata } from '@truss/viewable';
import { describe, expect, it } from 'vitest';
import {
  distanceComponents,
  formatLength,
  modelFrameOf,
  toModelCoordinates,
  WORLD_FRAME,
  type ModelFrame,
} from './model-units.ts';

/** Only the fields the frame reads; the rest of the metadata does not matter here. */
function metadata(
  format: ModelMetadata['format'],
  units: ModelMetadata['units'],
  origin: ModelMetadata['origin'],
): ModelMetadata {
  return { format, units, origin } as ModelMetadata;
}

describe('model frame', () => {
  it('reads an IFC in millimetres as Z-up millimetres, a glTF as Y-up metres', () => {
    const ifc = modelFrameOf({
      translation: [0, 0, 0],
      metadata: metadata('ifc', { source: 'mm', toMetres: 0.001 }, [0, 0, 0]),
    });
    expect(ifc).toMatchObject({ unit: 'mm', toMetres: 0.001, zUp: true });
    const gltf = modelFrameOf({
      translation: [0, 0, 0],
      metadata: metadata('glb', { source: 'm', toMetres: 1 }, [0, 0, 0]),
    });
    expect(gltf).toMatchObject({ unit: 'm', zUp: false });
  });

  it('falls back to metres for an unknown unit and to the world without metadata', () => {
    const brep = modelFrameOf({
      translation: [0, 0, 0],
      metadata: metadata('brep', { source: 'unknown', toMetres: 1 }, [0, 0, 0]),
    });
    expect(brep).toMatchObject({ unit: 'm', toMetres: 1, zUp: true });
    expect(modelFrameOf({ translation: [1, 2, 3], metadata: null })).toEqual({
      ...WORLD_FRAME,
      translation: [1, 2, 3],
    });
  });
});

describe('model coordinates', () => {
  const frame: ModelFrame = {
    origin: [500_000, 30, -6_000_000],
    translation: [2, 0, 0],
    toMetres: 0.001,
    unit: 'mm',
    zUp: true,
  };

  it('undoes the recentring, the translation, the Y-up turn and the unit', () => {
    // File point (X, Y, Z) = (500 001 m, 6 000 000.5 m, 31.25 m) in millimetres.
    // Y-up metres: (500 001, 31.25, -6 000 000.5); world = that - origin + translation.
    const world: [number, number, number] = [3, 1.25, -0.5];
    const [x, y, z] = toModelCoordinates(world, frame);
    expect(x).toBeCloseTo(500_001_000, 3);
    expect(y).toBeCloseTo(6_000_000_500, 3);
    expect(z).toBeCloseTo(31_250, 6);
  });

  it('leaves a Y-up metre model untouched but for the origin', () => {
    const yUp: ModelFrame = { ...WORLD_FRAME, origin: [10, 0, 0] };
    expect(toModelCoordinates([1, 2, 3], yUp)).toEqual([11, 2, 3]);
  });
});

describe('distance components', () => {
  it('gives dz as the height difference in a Z-up model', () => {
    // World Y is up: 1 m east, 2 m up, 3 m towards the viewer (-Y north in the file).
    expect(distanceComponents([0, 0, 0], [1, 2, 3], { zUp: true })).toEqual([1, -3, 2]);
  });

  it('keeps the world axes of a Y-up model', () => {
    expect(distanceComponents([1, 1, 1], [2, 3, 4], { zUp: false })).toEqual([1, 2, 3]);
  });

  it('adds up to the distance', () => {
    const [dx, dy, dz] = distanceComponents([0.5, -2, 7], [3, 4, -5], { zUp: true });
    expect(Math.hypot(dx, dy, dz)).toBeCloseTo(Math.hypot(2.5, 6, -12), 12);
  });
});

describe('length formatting', () => {
  it('resolves a millimetre in every unit', () => {
    expect(formatLength(1234.56, 'mm')).toBe('1234.6 mm');
    expect(formatLength(1.23456, 'm')).toBe('1.235 m');
    expect(formatLength(12.345, 'cm')).toBe('12.35 cm');
    expect(formatLength(3.28084, 'foot')).toBe('3.281 foot');
  });

  it('shows a value that rounds to zero without a minus sign', () => {
    expect(formatLength(-0.0001, 'm')).toBe('0.000 m');
    expect(formatLength(-0.04, 'mm')).toBe('0.0 mm');
    expect(formatLength(-0.002, 'm')).toBe('-0.002 m');
  });
});
