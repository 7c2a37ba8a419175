import { describe, expect, it } from 'vitest';
import type { Viewpoint } from './api-types.ts';
import { parseViewpoint, ViewpointError } from './viewpoint.ts';

const valid: Viewpoint = {
  version: 1,
  camera: {
    projection: 'perspective',
    position: [10, 5, 10],
    target: [0, 1, 0],
    up: [0, 1, 0],
    fov: 45,
  },
  sections: {
    planes: [{ id: 'section-1', normal: [0, -1, 0], constant: 2.5, enabled: true }],
    box: { min: [-1, -1, -1], max: [1, 1, 1], enabled: false },
  },
  visibility: { hidden: [3, 4], isolated: null },
  selection: [7],
  colors: { '7': 0xff0000 },
  xray: true,
  edges: false,
};

describe('viewpoints', () => {
  it('round-trips a full viewpoint through JSON unchanged', () => {
    expect(parseViewpoint(JSON.parse(JSON.stringify(valid)))).toEqual(valid);
  });

  it('keeps orthographic height and isolation', () => {
    const ortho = {
      ...valid,
      camera: {
        projection: 'orthographic',
        position: [0, 50, 0.01],
        target: [0, 0, 0],
        up: [0, 1, 0],
        height: 30,
      },
      visibility: { hidden: [], isolated: [1, 2] },
    };
    const parsed = parseViewpoint(ortho);
    expect(parsed.camera.height).toBe(30);
    expect(parsed.camera.fov).toBeUndefined();
    expect(parsed.visibility.isolated).toEqual([1, 2]);
  });

  it('fills optional parts with defaults', () => {
    const parsed = parseViewpoint({ version: 1, camera: valid.camera });
    expect(parsed.sections).toEqual({ planes: [], box: null });
    expect(parsed.visibility).toEqual({ hidden: [], isolated: null });
    expect(parsed.selection).toEqual([]);
    expect(parsed.colors).toEqual({});
    expect(parsed.xray).toBe(false);
  });

  it.each([
    [{ ...valid, version: 2 }, /Unsupported viewpoint version 2/],
    [{ ...valid, version: undefined }, /Unsupported viewpoint version/],
    ['not an object', /expected an object/],
    [{ ...valid, camera: { ...valid.camera, projection: 'fisheye' } }, /camera.projection/],
    [{ ...valid, camera: { ...valid.camera, position: [1, 2] } }, /camera.position/],
    [{ ...valid, camera: { ...valid.camera, target: [0, Number.NaN, 0] } }, /camera.target/],
    [{ ...valid, camera: { ...valid.camera, target: valid.camera.position } }, /same point/],
    [{ ...valid, camera: { ...valid.camera, fov: -3 } }, /camera.fov/],
    [{ ...valid, selection: [1.5] }, /selection/],
    [{ ...valid, visibility: { hidden: [-1], isolated: null } }, /visibility.hidden/],
    [{ ...valid, colors: { abc: 1 } }, /colors.abc/],
    [{ ...valid, colors: { '1': 0x1000000 } }, /colors.1/],
    [
      { ...valid, sections: { planes: [{ id: 'p', normal: [0, 1], constant: 0 }], box: null } },
      /normal/,
    ],
  ])('refuses %j', (input, message) => {
    expect(() => parseViewpoint(input)).toThrow(ViewpointError);
    expect(() => parseViewpoint(input)).toThrow(message);
  });
});
